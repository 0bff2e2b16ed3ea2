/** SQL of the mail outbox (DESIGN §8): rows written by the transaction that causes a mail. */
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { type Executor, queryRows, type Tx } from '../../db/client.ts';
import { type MailKind, type MessageChannel, mailOutbox } from '../../db/schema.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export async function insert(
  db: Executor,
  values: {
    kind: MailKind;
    /** Default e-mail; a WhatsApp row's recipient is the number (`55…`) and it has no Message-ID. */
    channel?: MessageChannel;
    recipient: string;
    subject?: string;
    payload?: Record<string, unknown>;
    messageId?: string;
    /** The notification event the mail tells of (features/notifications). */
    eventId?: number;
    now: Date;
  },
): Promise<void> {
  await db.insert(mailOutbox).values({
    kind: values.kind,
    channel: values.channel ?? 'email',
    eventId: values.eventId ?? null,
    recipient: values.recipient,
    subject: values.subject ?? '',
    payload: values.payload ?? {},
    messageId: values.messageId ?? null,
    nextAttemptAt: values.now,
    createdAt: values.now,
    updatedAt: values.now,
  });
}

/**
 * Claims due rows for one process: locked with SKIP LOCKED so processes never share a row, then
 * leased (their next try pushed past the lease) so no lock is held while talking to SMTP.
 */
export async function claimDue(tx: Tx, now: Date, leaseUntil: Date, limit: number): Promise<OutboxRow[]> {
  const claimed = await queryRows<{ id: number }>(
    tx,
    sql`select id from mail_outbox
        where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at, id limit ${limit} for update skip locked`,
  );
  const ids = claimed.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return tx
    .update(mailOutbox)
    .set({ nextAttemptAt: leaseUntil, attempts: sql`${mailOutbox.attempts} + 1`, updatedAt: now })
    .where(inArray(mailOutbox.id, ids))
    .returning()
    .then((rows) => rows.sort((a, b) => a.id - b.id));
}

export async function update(
  db: Executor,
  id: number,
  values: Partial<
    Pick<
      OutboxRow,
      | 'kind'
      | 'recipient'
      | 'subject'
      | 'payload'
      | 'status'
      | 'nextAttemptAt'
      | 'lastError'
      | 'sentAt'
      | 'updatedAt'
      | 'providerMessageId'
    >
  >,
): Promise<void> {
  await db.update(mailOutbox).set(values).where(eq(mailOutbox.id, id));
}

/**
 * The row's Message-ID, given `messageId` if it has none yet (a row written before the column
 * existed); a row that has one keeps it, whoever asks.
 */
export async function ensureMessageId(db: Executor, id: number, messageId: string): Promise<string> {
  const [row] = await db
    .update(mailOutbox)
    .set({ messageId: sql`coalesce(${mailOutbox.messageId}, ${messageId})` })
    .where(eq(mailOutbox.id, id))
    .returning({ messageId: mailOutbox.messageId });
  return row?.messageId ?? messageId;
}

/** Mails given up on, newest first, for the operator. */
export function listFailed(db: Executor, limit: number) {
  return db
    .select({
      uuid: mailOutbox.uuid,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'failed'))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}

/** Puts a failed mail back in line; false when there is no failed mail with that uuid. */
export async function requeue(db: Executor, uuid: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, createdAt: now, updatedAt: now })
    .where(and(eq(mailOutbox.uuid, uuid), eq(mailOutbox.status, 'failed')))
    .returning({ id: mailOutbox.id });
  return rows.length === 1;
}

/** Sent and skipped rows older than `before` are dropped (their content is personal data). */
export async function purgeDone(db: Executor, before: Date): Promise<void> {
  await db
    .delete(mailOutbox)
    .where(and(inArray(mailOutbox.status, ['sent', 'skipped']), lt(mailOutbox.updatedAt, before)));
}
