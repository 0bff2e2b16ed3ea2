/**
 * SQL of the metrics read at each scrape (DESIGN §10 "Staying up"): one cheap statement per family,
 * each on a partial index where the schema has one. Instants come back as epoch seconds (a float
 * on both drivers); the caller turns them into ages with the product's clock.
 */
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

export interface MailQueue {
  pending: number;
  /** Epoch seconds of the oldest pending row's creation; null when none is pending. */
  oldestPendingAt: number | null;
  /** Mails given up on (they wait for an operator: Operação › E-mails). */
  failed: number;
}

/** The outbox: both counts and the oldest pending row (mail_outbox_due_idx, mail_outbox_failed_idx). */
export async function mailQueue(db: Executor): Promise<MailQueue> {
  const [row] = await queryRows<{ pending: number; oldest: number | null; failed: number }>(
    db,
    sql`select
          (select count(*)::int from mail_outbox where status = 'pending') as pending,
          (select extract(epoch from min(created_at))::float8 from mail_outbox where status = 'pending') as oldest,
          (select count(*)::int from mail_outbox where status = 'failed') as failed`,
  );
  return { pending: row!.pending, oldestPendingAt: row!.oldest, failed: row!.failed };
}

export type AwaitingProvider = {
  method: string;
  count: number;
  /**
   * Epoch seconds since which the oldest one waits on the provider: a Pix from when its code
   * expired (before that the customer is the one expected to act), a card from the charge attempt.
   */
  waitingSince: number;
};

/**
 * Payments still `pending` that the provider holds or was asked about: a provider reference, or a
 * charge attempt recorded before the call (`charge_started_at`), by method.
 */
export function paymentsAwaitingProvider(db: Executor): Promise<AwaitingProvider[]> {
  return queryRows<AwaitingProvider>(
    db,
    sql`select method, count(*)::int as count,
               extract(epoch from min(coalesce(pix_expires_at, charge_started_at, created_at)))::float8
                 as "waitingSince"
        from payments
        where status = 'pending' and (provider_ref is not null or charge_started_at is not null)
        group by method`,
  );
}

export type RefundsPending = {
  count: number;
  cents: number;
  /** Epoch seconds of the oldest pending refund's creation; null when none is pending. */
  oldestAt: number | null;
};

/** Refunds the provider has not confirmed yet (refunds_due_idx). */
export async function refundsPending(db: Executor): Promise<RefundsPending> {
  const [row] = await queryRows<RefundsPending>(
    db,
    sql`select count(*)::int as count, coalesce(sum(amount_cents), 0)::float8 as cents,
               extract(epoch from min(created_at))::float8 as "oldestAt"
        from refunds where status = 'pending'`,
  );
  return row!;
}

/** Payments whose money is held: disputed or charged back, by status (payments_dispute_idx). */
export function paymentsHeld(db: Executor): Promise<{ status: string; count: number }[]> {
  return queryRows(
    db,
    sql`select status, count(*)::int as count from payments
        where status in ('disputed', 'charged_back') group by status`,
  );
}
