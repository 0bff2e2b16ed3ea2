/**
 * The mail outbox (DESIGN §8) against a real SMTP server (smtp-server, from nodemailer's authors):
 * down first, then up — every mail arrives once, no request waits for SMTP, nothing is lost.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMailer, type Mailer } from '../../adapters/mail.ts';
import { queryRows } from '../../db/client.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { createUser, PASSWORD, signedInAs, uniqueEmail } from '../../test/fixtures.ts';
import { createOutbox, GIVE_UP_MS, inLanes, LEASE_MS, mailBackoffMs } from './outbox.service.ts';

interface Received {
  to: string[];
  raw: string;
}

/** A free loopback port: nothing listens there until `startSmtp` does. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function startSmtp(port: number) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The quoted-printable body as UTF-8 text. */
const decoded = (raw: string) =>
  decodeURIComponent(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/%/g, '%25')
      .replace(/=([0-9A-F]{2})/g, '%$1'),
  );

/** The Message-ID the (only, or `id`) outbox row keeps. */
const storedMessageId = async (t: TestContext, id?: number) =>
  (
    await queryRows<{ message_id: string | null }>(
      t.db,
      id === undefined
        ? sql`select message_id from mail_outbox order by id limit 1`
        : sql`select message_id from mail_outbox where id = ${id}`,
    )
  )[0]?.message_id;

const rows = (t: TestContext) =>
  queryRows<{ kind: string; recipient: string; status: string; attempts: number; next_attempt_at: Date }>(
    t.db,
    sql`select kind, recipient, status, attempts, next_attempt_at from mail_outbox order by id`,
  );

let t: TestContext | undefined;
let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
afterEach(async () => {
  await t?.close();
  await smtp?.close();
  t = undefined;
  smtp = undefined;
});

/** A process that hands its due mails to `transport`, then dies before it can mark them sent. */
async function deliverAndDie(services: TestContext['app']['services'], transport: Mailer) {
  const dying = { ...services };
  dying.mailer = createOutbox(
    () => dying,
    {
      async send(message) {
        await transport.send(message);
        throw new Error('processo encerrado');
      },
    },
    { background: false },
  );
  await dying.mailer.deliver().catch(() => undefined);
}

describe('mail outbox', () => {
  it('keeps every mail while SMTP is down and delivers each exactly once when it comes back', async () => {
    const port = await freePort();
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-outbox-'));
    const { warnings, log } = captureLog();
    t = await createTestContext(
      {},
      {
        mailer: createMailer({
          from: 'Salas <nao-responda@salas.app>',
          smtpUrl: `smtp://127.0.0.1:${port}`,
          mailDir,
          log,
        }),
      },
    );
    const ana = await createUser(t, { email: uniqueEmail('ana') });
    const unknown = uniqueEmail('ninguem');

    // SMTP is down: every request still answers at once.
    for (const [url, payload] of [
      ['/api/loginTwoFactor', { email: ana.email, password: PASSWORD }],
      ['/api/forgot-password', { email: ana.email }],
      ['/api/forgot-password', { email: unknown }],
    ] as const) {
      const res = await request(t.app, { method: 'POST', url, payload });
      expect(res.statusCode, res.body).toBe(200);
    }
    const down = await rows(t);
    expect(down.map((r) => [r.recipient, r.status])).toEqual([
      [ana.email, 'pending'],
      [ana.email, 'pending'],
      [unknown, 'skipped'],
    ]);
    for (const row of down.filter((r) => r.status === 'pending')) {
      expect(row.attempts).toBe(1);
      // The first retry comes within 30 s.
      expect(new Date(row.next_attempt_at).getTime() - t.clock.now.getTime()).toBeLessThanOrEqual(30_000);
    }
    expect(fs.readdirSync(mailDir)).toEqual([]);
    expect(warnings).toHaveLength(2); // each failed SMTP attempt is logged

    smtp = await startSmtp(port);
    expect(await t.deliverMail()).toBe(0); // not due yet: the backoff holds
    t.clock.advance(mailBackoffMs(1));
    expect(await t.deliverMail()).toBe(2);
    expect(smtp.received.map((m) => m.to)).toEqual([[ana.email], [ana.email]]);
    expect(fs.readdirSync(mailDir)).toHaveLength(2); // the .eml copy is written when the job sends
    expect((await rows(t)).map((r) => r.status)).toEqual(['sent', 'sent', 'skipped']);

    // What arrived works: the sign-in code signs in, the reset link sets a new password.
    const [login, reset] = smtp.received.map((m) => decoded(m.raw));
    const code = login!.match(/auth-user-ogin\?.*token=(\d{6})/)![1]!;
    const signedIn = await request(t.app, {
      method: 'POST',
      url: '/api/authenticateToken',
      payload: { email: ana.email, login_token: code },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const token = reset!.match(/token=([A-Za-z0-9_-]{20,})/)![1]!;
    const changed = await request(t.app, {
      method: 'POST',
      url: '/api/reset-password',
      payload: {
        email: ana.email,
        token,
        password: 'Outra#Senha2026',
        password_confirmation: 'Outra#Senha2026',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(smtp.received).toHaveLength(3); // the "password changed" notice, once
    t.clock.advance(2 * 60 * 60_000);
    expect(await t.deliverMail()).toBe(0);
    expect(smtp.received).toHaveLength(3);
    expect(fs.readdirSync(mailDir)).toHaveLength(3);
  });

  it('answers while SMTP hangs: no request waits for the mail', async () => {
    const hanging: Mailer = { send: () => new Promise<void>(() => {}) };
    t = await createTestContext({}, { mailer: hanging, mailDelivery: 'background' });
    const ana = await createUser(t, { email: uniqueEmail('ana') });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/loginTwoFactor',
      headers: { cookie: 'XSRF-TOKEN=abcdefghijklmnop0123', 'x-xsrf-token': 'abcdefghijklmnop0123' },
      payload: { email: ana.email, password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rows(t)).map((r) => r.status)).toEqual(['pending']);
  });

  it('sends nothing for a transaction that rolled back', async () => {
    t = await createTestContext();
    const services = t.app.services;
    await expect(
      services.db.transaction(async (tx) => {
        await services.mailer.send({ to: 'ana@exemplo.com.br', subject: 'x', text: 'x', html: 'x' }, tx);
        throw new Error('desfeito');
      }),
    ).rejects.toThrow('desfeito');
    expect(await rows(t)).toEqual([]);
    expect(await t.deliverMail()).toBe(0);
    expect(t.mail).toEqual([]);
  });

  it('gives up after a day, lists the mail for the operator, who can put it back in line', async () => {
    let up = true;
    const flaky: Mailer = {
      async send(message) {
        if (!up) throw new Error('ECONNREFUSED 127.0.0.1:25');
        t!.mail.push(message);
      },
    };
    t = await createTestContext({}, { mailer: flaky });
    const operator = await signedInAs(t, 'owner');
    const customer = await signedInAs(t, 'customer');
    up = false;
    const ana = await createUser(t, { email: uniqueEmail('ana') });
    await request(t.app, { method: 'POST', url: '/api/forgot-password', payload: { email: ana.email } });
    // Retries with growing waits until a day has passed since the mail was written.
    let tries = 1;
    const start = t.clock.now.getTime();
    while (t.clock.now.getTime() - start <= GIVE_UP_MS) {
      t.clock.advance(60 * 60_000);
      await t.deliverMail();
      tries++;
    }
    const [row] = (await rows(t)).filter((r) => r.recipient === ana.email);
    expect(row!.status).toBe('failed');
    expect(row!.attempts).toBeLessThanOrEqual(tries);

    const list = await request(t.app, {
      method: 'GET',
      url: '/api/fusion/mail-outbox',
      token: operator.token,
    });
    expect(list.statusCode).toBe(200);
    const [failed] = list.json().data;
    expect(failed).toMatchObject({
      recipient: ana.email,
      subject: 'Redefinição de senha do Salas',
      last_error: 'ECONNREFUSED 127.0.0.1:25',
    });

    const refused = await request(t.app, {
      method: 'GET',
      url: '/api/fusion/mail-outbox',
      token: customer.token,
    });
    expect(refused.statusCode).toBe(403);

    up = true;
    const retry = await request(t.app, {
      method: 'POST',
      url: `/api/fusion/mail-outbox/${failed.uuid}/retry`,
      token: operator.token,
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(t.mail.filter((m) => m.to === ana.email).map((m) => m.subject)).toEqual([
      'Redefinição de senha do Salas',
    ]);
    const again = await request(t.app, {
      method: 'POST',
      url: `/api/fusion/mail-outbox/${failed.uuid}/retry`,
      token: operator.token,
    });
    expect(again.statusCode).toBe(404);
  });

  it('a process that dies after SMTP took a mail: the next one resends it with the same Message-ID over the same .eml', async () => {
    const port = await freePort();
    smtp = await startSmtp(port);
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-outbox-'));
    const transport = createMailer({
      from: 'Salas <nao-responda@salas.app>',
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailDir,
    });
    t = await createTestContext({}, { mailer: transport });
    const services = t.app.services;
    await services.mailer.send({
      to: 'bia@exemplo.com.br',
      subject: 'Reserva confirmada',
      text: 't',
      html: 'h',
    });

    // The first process sends, then dies before it can mark the row sent (SIGKILL in production).
    await deliverAndDie(services, transport);
    // Its error path is what a dead process never runs: put the row back as the lease left it.
    await t.db.execute(
      sql`update mail_outbox set status = 'pending', next_attempt_at = ${new Date(t.clock.now.getTime() + LEASE_MS)}`,
    );
    expect(await t.deliverMail()).toBe(0); // the lease holds: nobody resends at once
    t.clock.advance(LEASE_MS);
    expect(await t.deliverMail()).toBe(1);

    expect((await rows(t)).map((r) => r.status)).toEqual(['sent']);
    const ids = smtp.received.map((m) => m.raw.match(/^Message-ID: (.+)$/im)?.[1]?.trim());
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(await storedMessageId(t));
    expect(ids[1]).toBe(ids[0]);
    const files = fs.readdirSync(mailDir);
    expect(files).toHaveLength(1);
    expect(fs.readFileSync(path.join(mailDir, files[0]!), 'utf8')).toContain(`Message-ID: ${ids[0]}`);
  });

  it('an account mail asked for in other case is resent to the account’s address, over the same .eml', async () => {
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-outbox-'));
    const transport = createMailer({ from: 'Salas <nao-responda@salas.app>', mailDir });
    t = await createTestContext({}, { mailer: transport });
    const services = t.app.services;
    const user = await createUser(t, { email: uniqueEmail('bia') });
    await services.mailer.request('password_reset', user.email.toUpperCase());

    // The first process makes the link and sends, then dies before it can mark the row sent.
    await deliverAndDie(services, transport);
    await t.db.execute(sql`update mail_outbox set status = 'pending', next_attempt_at = ${t.clock.now}`);
    expect(await t.deliverMail()).toBe(1);

    const files = fs.readdirSync(mailDir);
    expect(files).toHaveLength(1);
    expect(fs.readFileSync(path.join(mailDir, files[0]!), 'utf8')).toContain(`To: ${user.email}`);
  });

  it('carries a calendar invitation as the text/calendar alternative and an .ics file (iMIP)', async () => {
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-outbox-'));
    const transport = createMailer({ from: 'Salas <nao-responda@salas.app>', mailDir });
    t = await createTestContext({}, { mailer: transport });
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Salas//Agenda//PT-BR',
      'METHOD:REQUEST',
      'BEGIN:VEVENT',
      'UID:abc@localhost',
      'DTSTAMP:20260302T120000Z',
      'DTSTART:20260310T170000Z',
      'DTEND:20260310T190000Z',
      'SUMMARY:Consultório Jardim — Clínica Vida',
      'ATTENDEE;CN=Bia;RSVP=FALSE:mailto:bia@exemplo.com.br',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    await t.app.services.mailer.send({
      to: 'bia@exemplo.com.br',
      subject: 'Reserva confirmada: Consultório Jardim, ter. 10/03, 14:00–16:00',
      text: 'texto',
      html: '<p>html</p>',
      calendar: { method: 'REQUEST', filename: 'reserva.ics', content: ics },
    });
    // Stored like an attachment (base64): the outbox's JSON shows no name from the calendar.
    const [row] = await queryRows<{ payload: string }>(t.db, sql`select payload::text from mail_outbox`);
    expect(row!.payload).not.toContain('Bia');
    expect(await t.deliverMail()).toBe(1);
    const [file] = fs.readdirSync(mailDir);
    const raw = fs.readFileSync(path.join(mailDir, file!), 'utf8');
    const alternative = raw.slice(raw.indexOf('multipart/alternative'));
    // text, html and the invitation are alternatives of one another; the file comes besides them.
    expect(alternative).toMatch(/Content-Type: text\/plain/);
    expect(alternative).toMatch(/Content-Type: text\/html/);
    expect(alternative).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    expect(raw).toMatch(/Content-Type: application\/ics; name=reserva\.ics/i);
    expect(raw).toMatch(/Content-Disposition: attachment; filename=reserva\.ics/i);
    const calendarPart = raw.slice(raw.search(/Content-Type: text\/calendar/i));
    const body = calendarPart.slice(calendarPart.indexOf('\r\n\r\n') + 4, calendarPart.indexOf('\r\n--'));
    const text = /base64/i.test(calendarPart.slice(0, calendarPart.indexOf('\r\n\r\n')))
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : decoded(body);
    expect(text).toContain('UID:abc@localhost');
    expect(text).toContain('SUMMARY:Consultório Jardim — Clínica Vida');
  });

  it('sends each row once when several processes run the job at the same moment', async () => {
    t = await createTestContext();
    const services = t.app.services;
    for (let i = 0; i < 60; i++)
      await services.mailer.send({ to: `p${i}@exemplo.com.br`, subject: `n${i}`, text: 't', html: 'h' });
    const delivered: string[] = [];
    const workers = Array.from({ length: 4 }, () => {
      const transport: Mailer = {
        async send(message) {
          await new Promise((resolve) => setTimeout(resolve, 2));
          delivered.push(message.subject);
        },
      };
      const own = { ...services };
      own.mailer = createOutbox(() => own, transport, { background: false });
      return own.mailer;
    });
    const counts = await Promise.all(workers.map((w) => w.deliver()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(60);
    expect(delivered.toSorted()).toEqual(Array.from({ length: 60 }, (_, i) => `n${i}`).toSorted());
  });
});

/** The warnings the mail adapter logged (its `log`, the app's pino logger in production). */
function captureLog() {
  const warnings: { details: Record<string, unknown>; message: string }[] = [];
  return {
    warnings,
    log: { warn: (details: Record<string, unknown>, message: string) => warnings.push({ details, message }) },
  };
}

/** An RFC 5322 §3.6.4 msg-id made of a random (v4) UUID and MAIL_FROM's domain. */
const MESSAGE_ID = /^<[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}@salas\.app>$/;

/** A full disk: the .tmp is opened (created empty), then the write fails — what left 87 empty files. */
function diskFullOnWrite() {
  const writeFile = fsp.writeFile;
  return vi.spyOn(fsp, 'writeFile').mockImplementation(async (file) => {
    await writeFile(file as string, '');
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  });
}

const headerOf = (raw: string) => raw.slice(0, raw.indexOf('\r\n\r\n'));
const messageIdIn = (raw: string) => /^Message-ID: (.+?)\r?$/im.exec(headerOf(raw))?.[1];

describe('mail identity and delivery (issue 41)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives each mail a random Message-ID kept on its row: two fresh databases never share one', async () => {
    const seen: string[] = [];
    for (let i = 0; i < 2; i++) {
      const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-outbox-'));
      const fresh = await createTestContext(
        {},
        { mailer: createMailer({ from: 'Salas <nao-responda@salas.app>', mailDir }) },
      );
      try {
        await fresh.app.services.mailer.send({
          to: 'bia@exemplo.com.br',
          subject: 'Oi',
          text: 't',
          html: 'h',
        });
        const ana = await createUser(fresh, { email: uniqueEmail('ana') });
        await fresh.app.services.mailer.request('password_reset', ana.email);
        const stored = await queryRows<{ id: number; message_id: string | null }>(
          fresh.db,
          sql`select id, message_id from mail_outbox order by id`,
        );
        // The first row of each database: the same number, never the same Message-ID.
        expect(stored.map((r) => Number(r.id))).toEqual([1, 2]);
        for (const r of stored) expect(r.message_id).toMatch(MESSAGE_ID);
        expect(new Set(stored.map((r) => r.message_id)).size).toBe(2);
        expect(await fresh.deliverMail()).toBe(2);
        // What left carries the ids the rows keep.
        const sent = fs
          .readdirSync(mailDir)
          .map((f) => messageIdIn(fs.readFileSync(path.join(mailDir, f), 'utf8')));
        expect(sent.toSorted()).toEqual(stored.map((r) => r.message_id).toSorted());
        seen.push(...stored.map((r) => r.message_id!));
      } finally {
        await fresh.close();
      }
    }
    expect(new Set(seen).size).toBe(4);
  });

  it('a retry after a failed SMTP attempt sends the Message-ID the row keeps; a row written without one gets it at its first attempt', async () => {
    const port = await freePort();
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-outbox-'));
    const { warnings, log } = captureLog();
    t = await createTestContext(
      {},
      {
        mailer: createMailer({
          from: 'Salas <nao-responda@salas.app>',
          smtpUrl: `smtp://127.0.0.1:${port}`,
          mailDir,
          log,
        }),
      },
    );
    const services = t.app.services;
    await services.mailer.send({
      to: 'bia@exemplo.com.br',
      subject: 'Reserva confirmada',
      text: 't',
      html: 'h',
    });
    await services.mailer.send({
      to: 'caio@exemplo.com.br',
      subject: 'Pagamento recebido',
      text: 't',
      html: 'h',
    });
    // The second as a row from before migration 0013: no Message-ID.
    await t.db.execute(sql`update mail_outbox set message_id = null where id = 2`);
    const written = await storedMessageId(t, 1);
    expect(written).toMatch(MESSAGE_ID);

    // SMTP is down: both attempts fail, each logged with the row's Message-ID.
    expect(await t.deliverMail()).toBe(0);
    const given = await storedMessageId(t, 2);
    expect(given).toMatch(MESSAGE_ID);
    expect(await storedMessageId(t, 1)).toBe(written);
    expect(warnings.map((w) => w.details.messageId).toSorted()).toEqual([written, given].toSorted());
    expect(warnings.every((w) => (w.details.error as { code?: string }).code === 'ESOCKET')).toBe(true);
    expect(fs.readdirSync(mailDir)).toEqual([]);

    // SMTP is back: the retry sends each row once, under the id the row kept.
    smtp = await startSmtp(port);
    t.clock.advance(mailBackoffMs(1));
    expect(await t.deliverMail()).toBe(2);
    const byRecipient = Object.fromEntries(smtp.received.map((m) => [m.to[0], messageIdIn(m.raw)]));
    expect(byRecipient).toEqual({ 'bia@exemplo.com.br': written, 'caio@exemplo.com.br': given });
    expect(await storedMessageId(t, 1)).toBe(written);
    expect(await storedMessageId(t, 2)).toBe(given);
  });

  it('an .eml copy that cannot be written never sends a mail twice, leaves no temp file and is logged once per mail', async () => {
    const port = await freePort();
    smtp = await startSmtp(port);
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-outbox-'));
    const { warnings, log } = captureLog();
    t = await createTestContext(
      {},
      {
        mailer: createMailer({
          from: 'Salas <nao-responda@salas.app>',
          smtpUrl: `smtp://127.0.0.1:${port}`,
          mailDir,
          log,
        }),
      },
    );
    diskFullOnWrite();
    const ana = await createUser(t, { email: uniqueEmail('ana') });
    // Three mails, one of them a sign-in code (its code must not reach the log).
    await request(t.app, {
      method: 'POST',
      url: '/api/loginTwoFactor',
      payload: { email: ana.email, password: PASSWORD },
    });
    await t.app.services.mailer.send({
      to: 'bia@exemplo.com.br',
      subject: 'Reserva confirmada',
      text: 't',
      html: 'h',
    });
    await t.app.services.mailer.send({
      to: 'caio@exemplo.com.br',
      subject: 'Lembrete',
      text: 't',
      html: 'h',
    });
    // Several job runs over the next two hours.
    for (let i = 0; i < 6; i++) {
      await t.deliverMail();
      t.clock.advance(20 * 60_000);
    }

    const stored = await queryRows<{ status: string; message_id: string }>(
      t.db,
      sql`select status, message_id from mail_outbox where kind = 'message' order by id`,
    );
    expect(stored.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    // Exactly one SMTP delivery per mail.
    expect(smtp.received.map((m) => messageIdIn(m.raw)).toSorted()).toEqual(
      stored.map((r) => r.message_id).toSorted(),
    );
    // Nothing left behind in the folder: no half copies, no .writing-*.tmp.
    expect(fs.readdirSync(mailDir)).toEqual([]);
    // One warning per mail, naming the folder and the error — never the mail's content or code.
    expect(warnings).toHaveLength(3);
    expect(warnings.map((w) => w.details.messageId).toSorted()).toEqual(
      stored.map((r) => r.message_id).toSorted(),
    );
    for (const w of warnings) {
      expect(w.details).toMatchObject({ path: mailDir, error: { code: 'ENOSPC' } });
      expect(w.message).toMatch(/cópia \.eml/);
    }
    const code = decoded(smtp.received.find((m) => m.to[0] === ana.email)!.raw).match(/token=(\d{6})/)![1]!;
    expect(JSON.stringify(warnings)).not.toContain(code);
    expect(JSON.stringify(warnings)).not.toContain(ana.email);
  });

  it('writes the .eml with CRLF line ends only, Auto-Submitted: auto-generated and the row’s Message-ID — the bytes SMTP received', async () => {
    const port = await freePort();
    smtp = await startSmtp(port);
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-outbox-'));
    t = await createTestContext(
      {},
      {
        mailer: createMailer({
          from: 'Salas <nao-responda@salas.app>',
          smtpUrl: `smtp://127.0.0.1:${port}`,
          mailDir,
        }),
      },
    );
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'METHOD:REQUEST',
      'BEGIN:VEVENT',
      'UID:abc@salas.app',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    await t.app.services.mailer.send({
      to: 'bia@exemplo.com.br',
      subject: 'Reserva confirmada: Consultório Jardim',
      // Text written with LF, as the mail functions write it.
      text: 'Olá, Bia!\n\nSua reserva está confirmada.\nAté logo.\n',
      html: '<p>Olá, Bia!</p>\n<p>Sua reserva está confirmada.</p>\n',
      // Long enough for several base64 lines.
      attachments: [{ filename: 'recibo.txt', contentType: 'text/plain', content: 'linha\n'.repeat(100) }],
      calendar: { method: 'REQUEST', filename: 'reserva.ics', content: ics },
    });
    expect(await t.deliverMail()).toBe(1);
    const [file] = fs.readdirSync(mailDir);
    const bytes = fs.readFileSync(path.join(mailDir, file!));
    const raw = bytes.toString('latin1');
    expect(raw).toMatch(/\r\n/);
    expect(raw).not.toMatch(/(?<!\r)\n/); // no bare LF
    expect(raw).not.toMatch(/\r(?!\n)/); // no bare CR
    expect(raw).toMatch(
      /Content-Transfer-Encoding: base64\r\n[\s\S]*?\r\n[A-Za-z0-9+/]{76}\r\n[A-Za-z0-9+/=]+\r\n/,
    );
    expect(raw.endsWith('\r\n')).toBe(true);
    const header = headerOf(raw);
    expect(header).toMatch(/^Auto-Submitted: auto-generated\r?$/m);
    const stored = await storedMessageId(t);
    expect(stored).toMatch(MESSAGE_ID);
    expect(messageIdIn(raw)).toBe(stored);
    // SMTP and the copy are one message: the same bytes.
    expect(smtp.received).toHaveLength(1);
    expect(Buffer.from(smtp.received[0]!.raw, 'utf8').toString('latin1')).toBe(raw);
  });
});

describe('the lanes of a sending round', () => {
  it('keeps each mail alone and the WhatsApp messages of one number together, in the order written', () => {
    const row = (id: number, channel: 'email' | 'whatsapp', recipient: string) =>
      ({ id, channel, recipient }) as Parameters<typeof inLanes>[0][number];
    const lanes = inLanes([
      row(4, 'whatsapp', '5511977770002'),
      row(1, 'email', 'a@b.c'),
      row(2, 'whatsapp', '5511977770002'),
      row(3, 'whatsapp', '5511977770001'),
      row(5, 'email', 'a@b.c'),
    ]);
    expect(lanes.map((lane) => lane.map((r) => r.id))).toEqual([[1], [2, 4], [3], [5]]);
  });
});
