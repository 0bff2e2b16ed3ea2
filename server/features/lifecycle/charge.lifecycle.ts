/**
 * Charge attempts (DESIGN §10 "Staying up"). Before the provider is asked to capture or open a
 * charge, the attempt is written on the payment and committed (`charge_started_at`); the provider's
 * answer (its reference, the capture) is written after. A process that dies in between leaves a
 * payment with an attempt and no reference: the reconciliation job (payments/reconcile.service.ts)
 * looks it up at the provider by our reference and hands what it finds to the transitions of
 * lifecycle.service.ts (`paymentCaptured` attaches it and confirms or refunds, `chargeOpened` attaches
 * one still open), or ends the attempt here when the provider holds nothing.
 */
import type { Services } from '../../services.ts';
import * as repo from './lifecycle.repository.ts';

/**
 * Written and committed right before a provider call that can capture or open a charge; `false`
 * when the payment no longer waits for one (its booking ended meanwhile): nothing is to be asked.
 */
export function chargeStarting(s: Pick<Services, 'db' | 'clock'>, bookingId: number): Promise<boolean> {
  return repo.markChargeStarted(s.db, bookingId, s.clock());
}

/**
 * The attempt ended with nothing captured: the provider refused it, or the job found nothing under
 * our reference for long enough. `startedAt`: only if it is still that attempt.
 */
export function chargeNotCaptured(
  s: Pick<Services, 'db' | 'clock'>,
  paymentId: number,
  startedAt?: Date,
): Promise<boolean> {
  return repo.clearChargeStarted(s.db, paymentId, startedAt);
}
