import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
}

/**
 * A calendar invitation or cancellation (iMIP, RFC 6047): sent as the message's `text/calendar;
 * method=…` alternative, which mail apps show as an invitation, and as an .ics attachment.
 */
export interface MailCalendar {
  method: 'REQUEST' | 'CANCEL';
  filename: string;
  content: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  calendar?: MailCalendar;
  /**
   * The outbox row the message comes from. A send repeated after a crash (the process died after
   * SMTP took the message and before the row was marked sent) keeps the same Message-ID, which
   * receivers use to drop the copy, and overwrites its own .eml file instead of adding one.
   */
  key?: { id: number; writtenAt: Date };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Closes pooled connections (at shutdown). */
  close?(): void;
}

export interface MailerOptions {
  from: string;
  /** Every message is written here as one RFC 5322 .eml file when set. */
  mailDir?: string;
  /** Every message is also sent through this SMTP server when set. */
  smtpUrl?: string;
}

function fileName({ to, subject, key }: MailMessage): string {
  const stamp = (key?.writtenAt ?? new Date()).toISOString().replace(/[:.]/g, '-');
  const slug = subject
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-zA-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 40);
  const rand = key ? `m${key.id}` : Math.random().toString(36).slice(2, 8);
  return `${stamp}-${to.replace(/[^a-zA-Z0-9@._-]/g, '_')}-${slug}-${rand}.eml`;
}

/**
 * SMTP when configured, then an .eml copy per message in MAIL_DIR (DESIGN §3, §8). Called by the
 * outbox job only: the copy is written once SMTP took the message, so a retry after an SMTP error
 * leaves no duplicate, and one after a crash rewrites the same file (see `MailMessage.key`).
 * Timeouts are short so a stuck server cannot hold a job round past its lease.
 */
export function createMailer(options: MailerOptions): Mailer {
  const smtp = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        // The outbox sends a few messages at once (PARALLEL_SENDS) over reused connections.
        pool: true,
        maxConnections: 5,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
      })
    : undefined;
  const eml = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const domain = options.from.match(/@([^>\s]+)/)?.[1] ?? 'salas.local';
  return {
    close: () => smtp?.close(),
    async send(message) {
      const { key, calendar, ...fields } = message;
      const mail = {
        from: options.from,
        ...fields,
        // nodemailer writes it as the text/calendar alternative and as an application/ics file.
        ...(calendar ? { icalEvent: calendar } : {}),
        messageId: key ? `<outbox-${key.id}@${domain}>` : undefined,
      };
      if (smtp) await smtp.sendMail(mail);
      if (options.mailDir) {
        const info = await eml.sendMail(mail);
        await fs.mkdir(options.mailDir, { recursive: true });
        // Written beside and renamed into place: a process killed mid-write leaves no half .eml
        // (only a hidden .tmp), and the resend after its lease writes the whole file. The .tmp's
        // name carries neither the recipient nor the subject, so whoever looks for a mail by
        // either never reads a file still being written.
        const partial = path.join(options.mailDir, `.writing-${process.pid}-${randomUUID()}.tmp`);
        await fs.writeFile(partial, info.message as Buffer);
        await fs.rename(partial, path.join(options.mailDir, fileName(message)));
      }
    },
  };
}

/** Keeps messages in memory; for tests. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
