/**
 * WhatsApp rows of the outbox (DESIGN §8, §10): a WhatsApp message is written like a mail — a row
 * (channel `whatsapp`, the number as its recipient) in the transaction that causes it — and sent by
 * the same job, with the same lease, retries and backoff. What differs:
 *
 * - pacing: Meta allows one message to the same number every 6 seconds (its pair rate, error 131056).
 *   Before a row goes out it takes its turn for its number — under a lock on the number, so two
 *   processes never take the same turn — and a row whose number had a message less than 6 s ago
 *   waits for the next turn, without counting an attempt. A throughput error (130429) holds back
 *   the other WhatsApp rows of the round too.
 * - never twice: the turn is written (`last_error` = SENDING) before the request and the outcome
 *   after it; a row found still SENDING (its process died mid-request: it may have arrived) is not
 *   sent again but given up, for the operator to look at.
 * - a message the person gets only on WhatsApp keeps its mail in the row (`fallback`): when WhatsApp
 *   refuses it for good, or a status webhook reports it failed, that mail is written, once.
 */
import { sql } from 'drizzle-orm';
import type { MailMessage } from '../../adapters/mail.ts';
import { THROUGHPUT_LIMIT, WhatsAppError, type WhatsAppMessage } from '../../adapters/whatsapp.ts';
import { type Executor, queryRows, type Tx } from '../../db/client.ts';
import type { DeliveryStatus } from '../../db/schema.ts';
import type { OutboxWhatsApp, Services } from '../../services.ts';
import * as repo from './outbox.repository.ts';

/**
 * The spacing between two messages to one number. Meta's "Throughput" page names a pair rate limit
 * ("If you attempt to send too many messages to the same WhatsApp user number, you may encounter a
 * pair rate limit error") without a figure in the text read; 6 s is the product's own margin.
 */
export const PAIR_GAP_MS = 6_000;
/** A row's `last_error` while its request is out: its outcome was not written yet. */
export const SENDING = 'enviando (resultado ainda não registrado)';

/** A mail to write if the WhatsApp message never arrives (its Message-ID chosen with the row). */
export interface FallbackMail {
  to: string;
  subject: string;
  messageId: string;
  /** The mail's stored payload (outbox.service.ts `toPayload`). */
  payload: Record<string, unknown>;
}

/** What a WhatsApp row's payload holds: a template with its values, or a free-form text. */
export interface StoredWhatsApp {
  template?: string;
  params?: string[];
  quickReplies?: string[];
  text?: string;
  fallback?: FallbackMail;
  /** When the fallback mail was written (it is written once). */
  fallbackWrittenAt?: string;
}

/** Writes a WhatsApp row with `db` (the transaction that causes it); the fallback gets its Message-ID now. */
export async function insertWhatsApp(
  db: Executor,
  message: OutboxWhatsApp,
  fallback: ((mail: MailMessage) => FallbackMail) | undefined,
  now: Date,
): Promise<void> {
  const payload: StoredWhatsApp = message.template
    ? {
        template: message.template.name,
        params: message.template.params,
        ...(message.template.quickReplies ? { quickReplies: message.template.quickReplies } : {}),
      }
    : { text: message.text ?? '' };
  if (message.fallback && fallback) payload.fallback = fallback(message.fallback);
  await repo.insert(db, {
    kind: 'message',
    channel: 'whatsapp',
    recipient: message.to,
    subject: message.summary.slice(0, 1000),
    payload: payload as Record<string, unknown>,
    eventId: message.eventId,
    now,
  });
}

const messageOf = (row: repo.OutboxRow): WhatsAppMessage => {
  const p = row.payload as StoredWhatsApp;
  if (p.text !== undefined) return { type: 'text', to: row.recipient, text: p.text };
  return {
    type: 'template',
    to: row.recipient,
    template: p.template ?? '',
    params: p.params ?? [],
    quickReplies: p.quickReplies,
  };
};

/**
 * Writes the row's fallback mail if it has one not written yet; with `db` a transaction of the
 * caller's, or its own. Answers whether a mail was written.
 */
async function writeFallback(db: Executor, rowId: number, at: Date): Promise<boolean> {
  const [row] = await queryRows<{ payload: StoredWhatsApp; event_id: number | null }>(
    db,
    sql`select payload, event_id from mail_outbox where id = ${rowId} for update`,
  );
  const fallback = row?.payload.fallback;
  if (!row || !fallback || row.payload.fallbackWrittenAt) return false;
  await repo.insert(db, {
    kind: 'message',
    recipient: fallback.to,
    subject: fallback.subject,
    payload: fallback.payload,
    messageId: fallback.messageId,
    eventId: row.event_id ?? undefined,
    now: at,
  });
  await queryRows(
    db,
    sql`update mail_outbox
        set payload = payload || ${JSON.stringify({ fallbackWrittenAt: at.toISOString() })}::jsonb
        where id = ${rowId}`,
  );
  return true;
}

/** Gives a row up (status failed) and writes its fallback mail, in one transaction. */
async function giveUp(s: Services, row: repo.OutboxRow, error: string): Promise<void> {
  const at = s.clock();
  await s.db.transaction(async (tx) => {
    await repo.update(tx, row.id, { status: 'failed', lastError: error, updatedAt: at });
    await writeFallback(tx, row.id, at);
  });
  s.mailer.kick();
}

/**
 * Takes the row's turn for its number: answers false (and moves the row to its turn, giving back
 * the attempt its claim counted) when the number had a message less than PAIR_GAP_MS ago.
 */
async function takeTurn(s: Services, row: repo.OutboxRow): Promise<boolean> {
  return s.db.transaction(async (tx) => {
    await queryRows(
      tx,
      sql`select pg_advisory_xact_lock(hashtextextended(${`whatsapp:${row.recipient}`}, 0))`,
    );
    const now = s.clock();
    const [last] = await queryRows<{ at: Date | string | null }>(
      tx,
      sql`select max(sent_at) as at from mail_outbox
          where channel = 'whatsapp' and recipient = ${row.recipient} and id <> ${row.id}`,
    );
    const lastAt = last?.at ? new Date(last.at).getTime() : undefined;
    if (lastAt !== undefined && now.getTime() - lastAt < PAIR_GAP_MS) {
      await queryRows(
        tx,
        sql`update mail_outbox set attempts = greatest(attempts - 1, 0),
              next_attempt_at = ${new Date(lastAt + PAIR_GAP_MS).toISOString()}::timestamptz,
              updated_at = ${now.toISOString()}::timestamptz
            where id = ${row.id}`,
      );
      return false;
    }
    await repo.update(tx, row.id, { sentAt: now, lastError: SENDING, updatedAt: now });
    return true;
  });
}

/** What one round shares between its WhatsApp rows: a throughput error holds the rest back. */
export interface WhatsAppRound {
  holdUntil?: Date;
}

/** Sends one claimed WhatsApp row; answers 1 when it reached an end (sent or given up). */
export async function deliverWhatsApp(
  s: Services,
  row: repo.OutboxRow,
  round: WhatsAppRound,
  backoffMs: (attempts: number) => number,
  giveUpMs: number,
): Promise<number> {
  const later = async (until: Date, error: string | null, countAttempt: boolean) => {
    await queryRows(
      s.db,
      sql`update mail_outbox set next_attempt_at = ${until.toISOString()}::timestamptz,
            last_error = ${error}, updated_at = ${s.clock().toISOString()}::timestamptz
            ${countAttempt ? sql`` : sql`, attempts = greatest(attempts - 1, 0)`}
          where id = ${row.id}`,
    );
    return 0;
  };
  if (row.lastError === SENDING) {
    // An attempt went out and its outcome was never written: it may have arrived.
    await giveUp(
      s,
      { ...row, payload: {} },
      'envio interrompido: a mensagem pode ter chegado; não reenviada',
    );
    return 1;
  }
  if (!s.whatsapp)
    return later(new Date(s.clock().getTime() + backoffMs(row.attempts)), 'WhatsApp desligado', true);
  if (round.holdUntil && round.holdUntil > s.clock()) return later(round.holdUntil, row.lastError, false);
  if (!(await takeTurn(s, row))) return 0;
  let wamid: string;
  try {
    wamid = await s.whatsapp.send(messageOf(row));
  } catch (err) {
    const at = s.clock();
    const error = String((err as Error)?.message ?? err).slice(0, 500);
    const kind = err instanceof WhatsAppError ? err.kind : 'retry';
    if (kind === 'permanent' || at.getTime() - row.createdAt.getTime() >= giveUpMs) {
      await giveUp(s, row, error);
      return 1;
    }
    const until = new Date(at.getTime() + backoffMs(row.attempts));
    if (err instanceof WhatsAppError && err.code === THROUGHPUT_LIMIT) round.holdUntil = until;
    return later(until, error, true);
  }
  await repo.update(s.db, row.id, {
    status: 'sent',
    providerMessageId: wamid,
    lastError: null,
    updatedAt: s.clock(),
  });
  return 1;
}

const rank: Record<DeliveryStatus, number> = { sent: 1, delivered: 2, read: 3, failed: 4 };

/**
 * Keeps a status webhook's news (sent, delivered, read, failed) on the row of the message `wamid`
 * names; statuses arriving out of order never move it back. On `failed` the message's fallback mail
 * is written (once; the outbox job sends it). A wamid of no row of ours is ignored.
 */
export async function recordDeliveryStatus(
  db: Executor,
  wamid: string,
  status: DeliveryStatus,
  at: Date,
): Promise<void> {
  const apply = async (tx: Tx) => {
    const [row] = await queryRows<{ id: number; delivery_status: DeliveryStatus | null }>(
      tx,
      sql`select id, delivery_status from mail_outbox
          where provider_message_id = ${wamid} and channel = 'whatsapp' for update`,
    );
    if (!row) return;
    const before = row.delivery_status ? rank[row.delivery_status] : 0;
    if (rank[status] > before)
      await queryRows(
        tx,
        sql`update mail_outbox set delivery_status = ${status},
              delivery_updated_at = ${at.toISOString()}::timestamptz, updated_at = ${at.toISOString()}::timestamptz
            where id = ${row.id}`,
      );
    if (status === 'failed') await writeFallback(tx, Number(row.id), at);
  };
  // A transaction of its own, or a savepoint in the caller's.
  await db.transaction(apply);
}
