/**
 * Nothing depends on a webhook arriving (DESIGN §9 "Mercado Pago as it behaves"): every charge still
 * open at the provider — a Pix to pay, a card in review — is read back at least every 10 minutes
 * while its hold runs and once after the hold ends, and what the provider says goes through the same
 * path as a webhook (`applyEvent`: recorded once, the lifecycle decides). A Pix paid while the hours
 * are held confirms them; one paid after the hold ended is refunded by the lifecycle; one still
 * open at the provider after its booking ended (a withdrawal that failed) is withdrawn again.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { Services } from '../../services.ts';
import { collectorOfRef, connectedCollectors } from '../payment-accounts/payment-account.service.ts';
import { applyEvent } from './payment.service.ts';

/** A charge is read again after this long while its hold runs (the job runs every minute). */
export const READ_BACK_EVERY_MS = 5 * 60_000;
/** Holds that ended longer ago are left alone (read once after they ended, already). */
const LOOK_BACK_MS = 24 * 60 * 60_000;
const BATCH = 100;

/** Reads back the charges due, in any number of processes at once; answers how many were read. */
export async function readBackOpenCharges(s: Services): Promise<number> {
  const provider = s.payments;
  if (!provider.readCharge) return 0;
  const now = s.clock();
  const due = await s.db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number; provider_ref: string; status: string }>(
      tx,
      sql`select p.id, p.provider_ref, p.status from payments p join bookings b on b.id = p.booking_id
          where p.provider = ${provider.name} and p.provider_ref is not null
            and p.status in ('pending', 'expired')
            and b.hold_expires_at > ${new Date(now.getTime() - LOOK_BACK_MS).toISOString()}::timestamptz
            and (p.provider_checked_at is null
                 or (b.hold_expires_at > ${now.toISOString()}::timestamptz
                     and p.provider_checked_at <= ${new Date(now.getTime() - READ_BACK_EVERY_MS).toISOString()}::timestamptz)
                 or (b.hold_expires_at <= ${now.toISOString()}::timestamptz
                     and p.provider_checked_at < b.hold_expires_at))
          order by p.provider_checked_at nulls first, p.id
          limit ${BATCH} for update of p skip locked`,
    );
    const ids = rows.map((r) => Number(r.id));
    if (ids.length)
      await tx.execute(
        sql`update payments set provider_checked_at = ${now.toISOString()}::timestamptz
            where id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      );
    return rows;
  });
  for (const row of due) {
    // A split charge is read through the partner's account it was made on.
    const event = await collectorOfRef(s, row.provider_ref)
      .then((collector) => provider.readCharge!(row.provider_ref, collector))
      .catch(() => undefined);
    if (event === undefined) {
      // The provider could not answer now: read again on the next round.
      await s.db.execute(sql`update payments set provider_checked_at = null where id = ${Number(row.id)}`);
      continue;
    }
    if (event?.outcome === 'pending' && row.status === 'expired') {
      // Still open at the provider though its booking is gone: the withdrawal after the hold
      // failed or has not reached it. Withdrawn again, and read again on the next round (for a
      // day: a capture meanwhile is refunded like any late one).
      await collectorOfRef(s, row.provider_ref)
        .then((collector) => provider.cancelCharge(row.provider_ref, collector))
        .catch(() => undefined);
      await s.db.execute(sql`update payments set provider_checked_at = null where id = ${Number(row.id)}`);
      continue;
    }
    if (event && event.outcome !== 'pending') await applyEvent(s, event, 'read_back');
  }
  return due.length;
}

/** How far back the daily comparison looks. */
export const COMPARE_DAYS = 7;

/**
 * The daily comparison: the provider's charges of the last 7 days, each applied through the
 * webhook's path — a state we already know changes nothing (same event id, or the lifecycle finds
 * nothing to do); a charge paid there but not here is confirmed while its hours are held, else
 * refunded; one refunded there but not here is recorded; a dispute there is recorded. Answers how
 * many changed our books (each kept as a `changed` event of source `daily`, listed to the operator).
 */
export async function compareRecentCharges(s: Services): Promise<number> {
  const provider = s.payments;
  if (!provider.searchCharges) return 0;
  const now = s.clock();
  const from = new Date(now.getTime() - COMPARE_DAYS * 86_400_000);
  // The platform's account, then each connected partner's (split charges live there).
  const charges = await provider.searchCharges(from, now);
  for (const collector of await connectedCollectors(s))
    charges.push(...(await provider.searchCharges(from, now, collector).catch(() => [])));
  let settled = 0;
  for (const event of charges) {
    if (event.outcome === 'pending' || !event.paymentUuid) continue;
    if ((await applyEvent(s, event, 'daily')).changed) settled++;
  }
  return settled;
}
