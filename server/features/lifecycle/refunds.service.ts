/**
 * Sending refunds to the provider, exactly once (DESIGN §8). A refund row is written by the
 * transition that gives money back; after the commit it is sent with its uuid as the idempotency
 * key, and a job retries those the provider did not answer, with backoff, in any number of
 * processes (rows claimed with SKIP LOCKED and leased, so no lock is held over the network).
 */
import type { Services } from '../../services.ts';
import { notify } from '../notifications/notify.service.ts';
import { collectorOf } from '../payment-accounts/payment-account.service.ts';
import { REFUND_STUCK_HOURS } from './ledger.ts';
import * as repo from './lifecycle.repository.ts';

/** Sending a refund: its rows, the clock, the provider and the partner's account it goes through. */
type RefundDeps = Pick<Services, 'db' | 'clock' | 'payments' | 'config'>;

/** While a process talks to the provider about a refund, no other process picks it up. */
const LEASE_MS = 2 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/** Why a refund of a charged-back payment is void. */
export const CHARGED_BACK = 'O valor já voltou ao cliente pelo estorno do cartão (chargeback).';

/** 30 s, 1 min, 2 min... up to an hour between tries. */
export const refundBackoffMs = (attempts: number) =>
  Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), MAX_BACKOFF_MS);

/** Sends the given refunds now (or every due one); answers how many reached a final answer. */
export async function sendRefunds(s: RefundDeps, only?: number[]): Promise<number> {
  const now = s.clock();
  const claimed = await s.db.transaction((tx) =>
    repo.claimDueRefunds(tx, now, new Date(now.getTime() + LEASE_MS), only, 50),
  );
  let settled = 0;
  for (const { refund, payment } of claimed) {
    // A split payment is refunded through the partner's account it was made on.
    const providerRef = payment.providerRef;
    const outcome = providerRef
      ? await collectorOf(s, payment)
          .then((collector) => s.payments.refund(providerRef, refund.amountCents, refund.uuid, collector))
          .catch((err: unknown) => ({
            status: 'retry' as const,
            reason: String((err as Error)?.message ?? err),
          }))
      : ({ status: 'refused', reason: 'Pagamento sem referência no provedor.' } as const);
    const at = s.clock();
    if (payment.status === 'disputed' && outcome.status === 'refused') {
      // Refused while the payment is frozen in a dispute: it was never made, and it waits for the
      // outcome like the dispute's other refunds (no error left, so it is not asked again meanwhile).
      await repo.updateRefund(s.db, refund.id, { lastError: null, nextAttemptAt: at, updatedAt: at });
    } else if (outcome.status === 'succeeded') {
      await repo.updateRefund(s.db, refund.id, {
        status: 'succeeded',
        providerRef: outcome.providerRef,
        lastError: null,
        updatedAt: at,
      });
      settled++;
    } else if (outcome.status === 'retry') {
      await repo.updateRefund(s.db, refund.id, {
        lastError: outcome.reason.slice(0, 500),
        nextAttemptAt: new Date(at.getTime() + refundBackoffMs(refund.attempts)),
        updatedAt: at,
      });
    } else {
      // Refused after a chargeback: it was never made, and the issuer already gave the money back.
      const reason = payment.status === 'charged_back' ? CHARGED_BACK : outcome.reason;
      await refundRefused(s, payment.bookingId, refund.id, reason);
      settled++;
    }
  }
  return settled;
}

/**
 * The provider refused for good (more than it captured, unknown charge): the refund is `failed`,
 * the payment's refunded total drops back, and the operator sees it in the ledger check.
 */
async function refundRefused(
  s: Pick<Services, 'db' | 'clock'>,
  bookingId: number,
  refundId: number,
  reason: string,
) {
  const now = s.clock();
  await s.db.transaction(async (tx) => {
    // Lock order: booking, payment, then the refund.
    const locked = await repo.lockBooking(tx, bookingId);
    if (!locked) return;
    await repo.updateRefund(tx, refundId, {
      status: 'failed',
      lastError: reason.slice(0, 500),
      updatedAt: now,
    });
    const refunded = await repo.refundedSum(tx, locked.payment.id);
    await repo.setPayment(tx, locked.payment.id, {
      refundedCents: refunded,
      status: repo.statusAfterRefunds(locked.payment, refunded),
      updatedAt: now,
    });
  });
}

/** The job: every refund still pending whose time has come. */
export async function retryRefunds(s: RefundDeps): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await sendRefunds(s);
    total += n;
    if (n === 0) return total;
  }
}

/**
 * Refunds the provider has not accepted a day after they were written (no balance in the account,
 * credentials refused, the provider down): the operators get one mail listing them, once per
 * refund, while the retry job keeps trying. A refund of a payment in dispute waits on purpose and
 * is not reported.
 */
export async function reportStuckRefunds(
  s: Pick<Services, 'db' | 'clock' | 'mailer' | 'config'>,
): Promise<number> {
  const now = s.clock();
  return s.db.transaction(async (tx) => {
    const stuck = await repo.claimStuckRefunds(
      tx,
      new Date(now.getTime() - REFUND_STUCK_HOURS * 3_600_000),
      now,
    );
    if (stuck.length === 0) return 0;
    await notify(s, tx, [{ kind: 'refunds_stuck', refundIds: stuck.map((r) => r.id) }]);
    s.mailer.kick();
    return stuck.length;
  });
}
