/**
 * The mail outbox (DESIGN §8) against a real SMTP server (smtp-server, from nodemailer's authors):
 * down first, then up — every mail arrives once, no request waits for SMTP, nothing is lost.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, type Mailer } from '../../adapters/mail.ts';
import { queryRows } from '../../db/client.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { createUser, PASSWORD, signedInAs, uniqueEmail } from '../../test/fixtures.ts';
import { createOutbox, GIVE_UP_MS, LEASE_MS, mailBackoffMs } from './outbox.service.ts';

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
    expect(ids[0]).toMatch(/^<outbox-\d+@salas\.app>$/);
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
    const body = calendarPart.slice(calendarPart.indexOf('\n\n') + 2, calendarPart.indexOf('\n--'));
    const text = /base64/i.test(calendarPart.slice(0, calendarPart.indexOf('\n\n')))
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
