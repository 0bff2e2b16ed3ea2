/**
 * Nothing depends on a webhook arriving (DESIGN §9 "Mercado Pago as it behaves"): every charge still
 * open at the provider — a Pix to pay, a card in review — is read back at least every 10 minutes
 * while its hold runs and once after the hold ends, and what the provider says goes through the same
 * path as a webhook (`applyEvent`: recorded once, the lifecycle decides). A Pix paid while the hours
 * are held confirms them; one paid after the hold ended is refunded by the lifecycle; one still
 * open at the provider after its booking ended (a withdrawal that failed) is withdrawn again.
 */
import { sql } from 'drizzle-orm';
import type { WebhookEvent } from '../../adapters/payments.ts';
import { queryRows } from '../../db/client.ts';
import type { Services } from '../../services.ts';
import { chargeNotCaptured } from '../lifecycle/charge.lifecycle.ts';
import { chargeOpened, paymentCaptured } from '../lifecycle/lifecycle.service.ts';
import { markOfferPaid } from '../lifecycle/waitlist.lifecycle.ts';
import {
  collectorOf,
  collectorOfRef,
  connectedCollectors,
} from '../payment-accounts/payment-account.service.ts';
import { applyEvent } from './payment.service.ts';
import { claimUnrecordedCharges } from './reconcile.repository.ts';

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

/** A charge asked this long ago and still without the provider's answer is looked up (no call lasts as long). */
export const UNRECORDED_AFTER_MS = 2 * 60_000;
/** While nothing is found, the same charge is looked up again at most this often. */
export const LOOK_AGAIN_MS = 60_000;
/**
 * Nothing under our reference this long after the attempt (the provider answered each time): it
 * holds nothing, and the attempt ends. Well before `ledger:check` names an attempt (30 minutes).
 */
export const GIVE_UP_AFTER_MS = 10 * 60_000;

/** What the provider reports of a charge whose money it took (whatever happened to it since). */
const TOOK_MONEY: readonly WebhookEvent['outcome'][] = ['paid', 'refunded', 'disputed', 'charged_back'];

/**
 * Charges the provider holds that our books do not (DESIGN §10 "Staying up"): a payment whose charge
 * was asked (`charge_started_at`, committed before the call) and whose answer was never written —
 * the process died between the provider's capture and our write, or the call got no answer — is
 * looked up at the provider by our reference, whatever its status now (pending, expired, failed).
 * Found captured: the charge is attached and the lifecycle decides, as for a late webhook — its
 * hours confirmed while still held, else the whole amount refunded (a refund row, its uuid the
 * idempotency key: a second run refunds nothing more); the provider's state is then recorded as a
 * read-back event. Found still open (a card in review, a Pix): attached, and the read-back job follows
 * it (withdrawn at once if the booking ended). Found refused, or nothing found for GIVE_UP_AFTER_MS:
 * the attempt ends (nothing was captured). A provider that does not answer is asked again on the
 * next round, never given up on. Runs every minute in any number of processes (claimed SKIP LOCKED);
 * a capture is settled within about three minutes. Answers how many payments were looked up.
 */
export async function settleUnrecordedCharges(s: Services): Promise<number> {
  const provider = s.payments;
  const now = s.clock();
  const claimed = await s.db.transaction((tx) =>
    claimUnrecordedCharges(tx, provider.name, {
      askedBefore: new Date(now.getTime() - UNRECORDED_AFTER_MS),
      lookedBefore: new Date(now.getTime() - LOOK_AGAIN_MS),
      now,
      limit: BATCH,
    }),
  );
  for (const row of claimed) {
    // A split charge lives in the partner's account it was asked on.
    const found = await collectorOf(s, row)
      .then((collector) => provider.findCharges(row.uuid, collector))
      .catch(() => undefined);
    // No answer: asked again on a later round.
    if (found === undefined) continue;
    const mine = found.filter((e) => e.providerRef && (e.paymentUuid ?? row.uuid) === row.uuid);
    const took = mine.find((e) => TOOK_MONEY.includes(e.outcome));
    if (took) {
      const outcome = await paymentCaptured(s, row.bookingId, { providerRef: took.providerRef });
      // A waitlist offer paid this way: the person's wait is over.
      if (outcome === 'confirmed') await markOfferPaid(s, row.bookingId);
      await applyEvent(s, took, 'read_back');
      continue;
    }
    const open = mine.find((e) => e.outcome === 'pending');
    if (open) {
      const pix = open.pixCopyPaste && row.holdExpiresAt;
      await chargeOpened(s, row.bookingId, {
        providerRef: open.providerRef!,
        ...(pix ? { pixCopyPaste: open.pixCopyPaste, pixExpiresAt: row.holdExpiresAt! } : {}),
      });
      continue;
    }
    const startedAt = row.chargeStartedAt!;
    if (mine.length > 0 || now.getTime() - startedAt.getTime() >= GIVE_UP_AFTER_MS)
      await chargeNotCaptured(s, row.id, startedAt);
  }
  return claimed.length;
}
