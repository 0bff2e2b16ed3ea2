import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMailer, type MailLog, messageIdDomain, newMessageId } from './mail.ts';

function captureLog() {
  const warnings: { details: Record<string, unknown>; message: string }[] = [];
  const log: MailLog = { warn: (details, message) => warnings.push({ details, message }) };
  return { warnings, log };
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('the .eml copy of a mail', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is never readable half-written under a name that carries its recipient or subject', async () => {
    const mailDir = await fs.mkdtemp(path.join(os.tmpdir(), 'salas-mail-'));
    const writeFile = fs.writeFile;
    // What a reader finds in the folder once the bytes are written, before the file is complete.
    const seenMidWrite: string[] = [];
    vi.spyOn(fs, 'writeFile').mockImplementation(async (...args) => {
      await writeFile(...args);
      seenMidWrite.push(...(await fs.readdir(mailDir)));
    });
    const mailer = createMailer({ from: 'Salas <nao-responda@salas.app>', mailDir });
    await mailer.send({
      to: 'bia@exemplo.com.br',
      subject: 'Pagamento recebido',
      text: 'Olá',
      html: '<p>Olá</p>',
    });

    expect(seenMidWrite).toHaveLength(1);
    expect(seenMidWrite[0]).toMatch(/^\..*\.tmp$/);
    expect(seenMidWrite[0]).not.toContain('bia@exemplo.com.br');
    expect(seenMidWrite[0]).not.toContain('pagamento-recebido');
    const files = await fs.readdir(mailDir);
    expect(files).toEqual([expect.stringMatching(/-bia@exemplo\.com\.br-pagamento-recebido-.*\.eml$/)]);
    expect(await fs.readFile(path.join(mailDir, files[0] as string), 'utf8')).toContain(
      'Subject: Pagamento recebido',
    );
  });

  it('without SMTP is the delivery: a failed write fails the send (the outbox retries) and leaves no temp file', async () => {
    const mailDir = await fs.mkdtemp(path.join(os.tmpdir(), 'salas-mail-'));
    const writeFile = fs.writeFile;
    vi.spyOn(fs, 'writeFile').mockImplementation(async (file) => {
      await writeFile(file as string, '');
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    });
    const { warnings, log } = captureLog();
    const mailer = createMailer({ from: 'Salas <nao-responda@salas.app>', mailDir, log });
    const messageId = '<0f6b3c1e-9a4d-4e2b-8c7a-5d1e2f3a4b5c@salas.app>';
    await expect(
      mailer.send({
        to: 'bia@exemplo.com.br',
        subject: 'Seu código',
        text: 'código 123456',
        html: '',
        messageId,
      }),
    ).rejects.toThrow('ENOSPC');
    expect(await fs.readdir(mailDir)).toEqual([]);
    expect(warnings).toEqual([
      {
        details: { messageId, path: mailDir, error: expect.objectContaining({ code: 'ENOSPC' }) },
        message: expect.any(String),
      },
    ]);
  });

  it('logs a failed SMTP delivery with its Message-ID, never SMTP_URL’s password nor the recipient', async () => {
    const { warnings, log } = captureLog();
    const mailer = createMailer({
      from: 'Salas <nao-responda@salas.app>',
      smtpUrl: `smtp://salas:senha-do-smtp-123@127.0.0.1:${await closedPort()}`,
      log,
    });
    const messageId = '<0f6b3c1e-9a4d-4e2b-8c7a-5d1e2f3a4b5c@salas.app>';
    await expect(
      mailer.send({
        to: 'bia@exemplo.com.br',
        subject: 'Seu código',
        text: 'código 123456',
        html: '',
        messageId,
      }),
    ).rejects.toThrow();
    mailer.close?.();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.details).toMatchObject({ messageId, error: { code: 'ESOCKET' } });
    const logged = JSON.stringify(warnings);
    for (const secret of ['senha-do-smtp-123', 'bia@exemplo.com.br', '123456'])
      expect(logged).not.toContain(secret);
  });

  it('makes Message-IDs as RFC 5322 §3.6.4 writes them, on MAIL_FROM’s domain', () => {
    expect(messageIdDomain('Salas <nao-responda@Salas.app>')).toBe('salas.app');
    expect(messageIdDomain('nao-responda@mail.salas.com.br')).toBe('mail.salas.com.br');
    expect(messageIdDomain('Salas')).toBe('salas.invalid');
    const a = newMessageId('Salas <nao-responda@salas.app>');
    expect(a).toMatch(/^<[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}@salas\.app>$/);
    expect(newMessageId('Salas <nao-responda@salas.app>')).not.toBe(a);
  });
});
