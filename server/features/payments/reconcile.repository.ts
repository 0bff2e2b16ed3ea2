/**
 * SQL of the reconciliation jobs (reconcile.service.ts): claiming the payments a job asks the
 * provider about, SKIP LOCKED and leased in the same transaction, so several processes never ask
 * about the same one at once.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { bookings, payments } from '../../db/schema.ts';

/**
 * Payments of `provider` whose charge was asked (`charge_started_at`, written before the call)
 * before `askedBefore`, whose answer was never recorded (no provider reference), whatever their
 * status now, and that were not looked up since `lookedBefore`. Claimed by marking them looked up
 * `now` (read again by this job only after LOOK_AGAIN_MS). The provider's B-tree index on
 * (provider, provider_ref) finds the payments without a reference.
 */
export async function claimUnrecordedCharges(
  tx: Tx,
  provider: string,
  o: { askedBefore: Date; lookedBefore: Date; now: Date; limit: number },
) {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select p.id from payments p
        where p.provider = ${provider} and p.provider_ref is null and p.charge_started_at is not null
          and p.charge_started_at <= ${o.askedBefore.toISOString()}::timestamptz
          and (p.provider_checked_at is null
               or p.provider_checked_at <= ${o.lookedBefore.toISOString()}::timestamptz)
        order by p.charge_started_at, p.id
        limit ${o.limit} for update of p skip locked`,
  );
  const ids = rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  await tx.update(payments).set({ providerCheckedAt: o.now }).where(inArray(payments.id, ids));
  return tx
    .select({
      id: payments.id,
      uuid: payments.uuid,
      bookingId: payments.bookingId,
      chargeStartedAt: payments.chargeStartedAt,
      settlement: payments.settlement,
      collectorAccountId: payments.collectorAccountId,
      holdExpiresAt: bookings.holdExpiresAt,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(inArray(payments.id, ids))
    .orderBy(payments.chargeStartedAt, payments.id);
}
