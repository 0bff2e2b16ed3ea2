/**
 * The mail outbox (DESIGN §8). A feature never talks to SMTP: it writes the mail as a row in the
 * transaction that causes it (`s.mailer.send(message, tx)`), and a job sends the rows — claimed with
 * SKIP LOCKED and leased, so any number of processes share the work and none sends a row twice
 * while its lease holds. A failed send is retried with backoff (15 s, 30 s, 1 min … up to an hour)
 * and given up a day after the mail was written, when the operator sees it in the back office.
 *
 * Two account mails are written as requests instead (`password_reset`, `verification_code`): the
 * job decides whether the e-mail has an account that qualifies and only then makes the code and the
 * mail. The request answers the same, after the same work, whether or not the account exists.
 *
 * Each row gets its Message-ID when it is written (a random one, DESIGN §10), and every attempt
 * sends it: a resend is the same message to the receiver. A row written before the column existed
 * gets one at its first attempt.
 *
 * WhatsApp messages are rows of the same table (channel `whatsapp`), claimed and retried the same
 * way and sent through `s.whatsapp`, paced under Meta's limits (whatsapp.outbox.ts).
 */
import {
  type MailAttachment,
  type MailCalendar,
  type Mailer,
  type MailMessage,
  newMessageId,
} from '../../adapters/mail.ts';
import type { MailKind } from '../../db/schema.ts';
import type { Outbox, Services } from '../../services.ts';
import { accountMail } from '../auth/auth.service.ts';
import * as repo from './outbox.repository.ts';
import { deliverWhatsApp, insertWhatsApp, type WhatsAppRound } from './whatsapp.outbox.ts';

/** While one process sends a row, no other picks it up (longer than the SMTP timeouts together). */
export const LEASE_MS = 3 * 60_000;
export const GIVE_UP_MS = 24 * 60 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;
const BATCH = 50;
/** Messages in flight at once per process (the SMTP pool's connections). */
export const PARALLEL_SENDS = 5;
const STOP_GRACE_MS = 5_000;

/** 15 s, 30 s, 1 min, 2 min … up to an hour between tries: the first retry comes within 30 s. */
export const mailBackoffMs = (attempts: number) =>
  Math.min(15_000 * 2 ** Math.max(attempts - 1, 0), MAX_BACKOFF_MS);

interface StoredAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

interface StoredMessage {
  text: string;
  html: string;
  /** The address the row keeps once the mail has left (see Outbox.send). */
  forgetAs?: string;
  attachments?: StoredAttachment[];
  /** The calendar part, its text kept in base64 like the attachments'. */
  calendar?: Omit<MailCalendar, 'content'> & { base64: string };
}

const storeAttachment = (a: MailAttachment): StoredAttachment => ({
  filename: a.filename,
  contentType: a.contentType,
  base64: Buffer.from(a.content).toString('base64'),
});

export function toPayload(
  message: Pick<MailMessage, 'text' | 'html' | 'attachments' | 'calendar'> & { forgetAs?: string },
): Record<string, unknown> {
  const stored: StoredMessage = { text: message.text, html: message.html };
  if (message.forgetAs) stored.forgetAs = message.forgetAs;
  if (message.attachments?.length) stored.attachments = message.attachments.map(storeAttachment);
  if (message.calendar) {
    const { content, ...rest } = message.calendar;
    stored.calendar = { ...rest, base64: Buffer.from(content).toString('base64') };
  }
  return stored as unknown as Record<string, unknown>;
}

/** A mail to an erased account, once it reached its end: the row keeps neither address nor content. */
function forgotten(row: repo.OutboxRow) {
  const forgetAs = (row.payload as unknown as StoredMessage).forgetAs;
  return forgetAs ? { recipient: forgetAs, subject: '', payload: {} } : {};
}

function fromRow(row: repo.OutboxRow): MailMessage {
  const p = row.payload as unknown as StoredMessage;
  return {
    to: row.recipient,
    subject: row.subject,
    key: { id: row.id, writtenAt: row.createdAt },
    ...(row.messageId ? { messageId: row.messageId } : {}),
    text: p.text,
    html: p.html,
    attachments: p.attachments?.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: Buffer.from(a.base64, 'base64'),
    })),
    ...(p.calendar
      ? {
          calendar: {
            method: p.calendar.method,
            filename: p.calendar.filename,
            content: Buffer.from(p.calendar.base64, 'base64').toString('utf8'),
          },
        }
      : {}),
  };
}

/** What the features see as `s.mailer`. */
/**
 * `transport` really sends (SMTP and/or the .eml folder, or memory in tests). With `background`,
 * `kick()` starts a round on the next tick; without it (tests), rounds run only when asked.
 */
export function createOutbox(s: () => Services, transport: Mailer, options: { background: boolean }): Outbox {
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const round = async (): Promise<number> => {
    let done = 0;
    do {
      again = false;
      done += await deliverDue(s(), transport);
    } while (again && !stopped);
    return done;
  };

  const deliver = (): Promise<number> => {
    if (running !== undefined) {
      again = true;
      return running;
    }
    running = round().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    async send(message, db) {
      const services = s();
      await repo.insert(db ?? services.db, {
        kind: 'message',
        recipient: message.to,
        subject: message.subject,
        payload: toPayload(message),
        messageId: newMessageId(services.config.mailFrom),
        eventId: message.eventId,
        now: services.clock(),
      });
      if (!db) this.kick();
    },
    async sendWhatsApp(message, db) {
      const services = s();
      await insertWhatsApp(
        db ?? services.db,
        message,
        (mail) => ({
          to: mail.to,
          subject: mail.subject,
          messageId: newMessageId(services.config.mailFrom),
          payload: toPayload(mail),
        }),
        services.clock(),
      );
      if (!db) this.kick();
    },
    async request(kind, email, db) {
      const services = s();
      await repo.insert(db ?? services.db, {
        kind,
        recipient: email,
        messageId: newMessageId(services.config.mailFrom),
        now: services.clock(),
      });
      if (!db) this.kick();
    },
    kick() {
      if (!options.background || stopped || timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        deliver().catch(() => undefined);
      }, 0);
      timer.unref();
    },
    deliver,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      // A send stuck past this is left to its lease: another process (or the next start) retries it.
      const grace = new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref());
      await Promise.race([running?.catch(() => undefined), grace]);
      transport.close?.();
    },
  };
}

/** One pass over the due rows of this moment, batch after batch. */
async function deliverDue(s: Services, transport: Mailer): Promise<number> {
  let done = 0;
  for (;;) {
    const now = s.clock();
    const claimed = await s.db.transaction((tx) =>
      repo.claimDue(tx, now, new Date(now.getTime() + LEASE_MS), BATCH),
    );
    // A few at once: one slow message (a remote SMTP takes hundreds of ms) does not hold the line.
    // The messages to one WhatsApp number form one lane, sent in order by one worker: the person
    // reads them in the order they were written, and the pair rate is taken turn by turn.
    const lanes = inLanes(claimed);
    let next = 0;
    const round: WhatsAppRound = {};
    const worker = async () => {
      while (next < lanes.length) {
        for (const row of lanes[next++]!) {
          // Read `done` only after the await: `done += await …` would add to a stale value.
          const ended =
            row.channel === 'whatsapp'
              ? await deliverWhatsApp(s, row, round, mailBackoffMs, GIVE_UP_MS)
              : await deliverOne(s, transport, row);
          done += ended;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_SENDS, lanes.length) }, worker));
    if (claimed.length < BATCH) return done;
  }
}

/** Each mail alone; the WhatsApp messages of one number together, in the order they were written. */
export function inLanes(rows: readonly repo.OutboxRow[]): repo.OutboxRow[][] {
  const lanes: repo.OutboxRow[][] = [];
  const byNumber = new Map<string, repo.OutboxRow[]>();
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    if (row.channel !== 'whatsapp') {
      lanes.push([row]);
      continue;
    }
    const lane = byNumber.get(row.recipient);
    if (lane) lane.push(row);
    else {
      const fresh = [row];
      byNumber.set(row.recipient, fresh);
      lanes.push(fresh);
    }
  }
  return lanes;
}

async function deliverOne(s: Services, transport: Mailer, claimed: repo.OutboxRow): Promise<number> {
  let row = claimed;
  let handedOver = false;
  try {
    if (row.kind !== 'message') {
      const made = await s.db.transaction(async (tx) => {
        const mail = await accountMail(s, tx, row.kind as Exclude<MailKind, 'message'>, row.recipient);
        const at = s.clock();
        if (!mail) {
          await repo.update(tx, row.id, { status: 'skipped', updatedAt: at });
          return undefined;
        }
        // From here on the row is an ordinary mail: a retry sends the same code, not a new one.
        // The address as the account has it (the request may have typed it in other case): a
        // retry sends to it, into the same .eml file, under the same Message-ID.
        const values = {
          kind: 'message' as const,
          recipient: mail.to,
          subject: mail.subject,
          payload: toPayload(mail),
          updatedAt: at,
        };
        await repo.update(tx, row.id, values);
        return { ...row, ...values };
      });
      if (!made) return 1;
      row = made;
    }
    if (!row.messageId)
      row = { ...row, messageId: await repo.ensureMessageId(s.db, row.id, newMessageId(s.config.mailFrom)) };
    await transport.send(fromRow(row));
    handedOver = true;
    await repo.update(s.db, row.id, {
      status: 'sent',
      sentAt: s.clock(),
      lastError: null,
      updatedAt: s.clock(),
      ...forgotten(row),
    });
    return 1;
  } catch (err) {
    // The mail went out but its row could not be marked (the database went away, the process is
    // stopping): not a failed send to retry at once. The row keeps its lease; only if it is never
    // marked does another process send it again when the lease ends.
    if (handedOver) return 0;
    const at = s.clock();
    const error = String((err as Error)?.message ?? err).slice(0, 500);
    if (at.getTime() - row.createdAt.getTime() >= GIVE_UP_MS) {
      await repo.update(s.db, row.id, {
        status: 'failed',
        lastError: error,
        updatedAt: at,
        ...forgotten(row),
      });
      return 1;
    }
    await repo.update(s.db, row.id, {
      lastError: error,
      nextAttemptAt: new Date(at.getTime() + mailBackoffMs(row.attempts)),
      updatedAt: at,
    });
    return 0;
  }
}

const KEEP_DONE_MS = 30 * 24 * 60 * 60_000;
let lastPurge = 0;

/** Job: a round for rows whose time came (retries, and rows a kick did not see committed). */
export async function sendDueMails(s: Services): Promise<number> {
  const sent = await s.mailer.deliver();
  const now = s.clock().getTime();
  if (now - lastPurge > 60 * 60_000) {
    lastPurge = now;
    await repo.purgeDone(s.db, new Date(now - KEEP_DONE_MS));
  }
  return sent;
}
