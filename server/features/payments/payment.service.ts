/**
 * Payment events (DESIGN §5, §8): the signed, idempotent webhook and the development "simular
 * pagamento". What an event does to the booking is the lifecycle's business; this module only finds
 * the booking, records the event once (in the same transaction as its effect) and answers.
 */
import { and, eq } from 'drizzle-orm';
import type { PaymentStatus } from '#common/contracts/booking';
import { supplyMessages } from '#common/contracts/supply';
import { AppError } from '#common/errors';
import { toZonedIso } from '#common/time/zone';
import type { WebhookEvent } from '../../adapters/payments.ts';
import type { Tx } from '../../db/client.ts';
import {
  bookings,
  clinics,
  type PaymentEventSource,
  paymentEvents,
  payments,
  rooms,
} from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import type { UserRow } from '../auth/user.repository.ts';
import { type PaymentRow, refundsOf, setPayment } from '../lifecycle/lifecycle.repository.ts';
import {
  paymentCaptured,
  paymentDisputed,
  paymentFailed,
  paymentRefundedByProvider,
} from '../lifecycle/lifecycle.service.ts';

/**
 * Applies a verified provider event once: a repeated event id changes nothing. `source` says where
 * it came from (a webhook, the read-back job, the daily comparison); `changed` whether our books
 * moved because of it, and is kept on the event (the daily comparison's changes are the
 * differences the operator's dashboard lists).
 */
export async function applyEvent(
  s: Services,
  event: WebhookEvent,
  source: PaymentEventSource = 'webhook',
): Promise<{ applied: boolean; changed: boolean }> {
  const where = event.paymentUuid
    ? eq(payments.uuid, event.paymentUuid)
    : event.providerRef
      ? and(eq(payments.provider, s.payments.name), eq(payments.providerRef, event.providerRef))
      : undefined;
  if (!where) return { applied: false, changed: false };
  const [payment] = await s.db
    .select({ id: payments.id, bookingId: payments.bookingId })
    .from(payments)
    .where(where)
    .limit(1);
  if (!payment) return { applied: false, changed: false };
  let applied = false;
  // Recorded under the booking's lock, in the transition's own transaction: once, or not at all.
  const record = async (tx: Tx, locked: PaymentRow) => {
    const inserted = await tx
      .insert(paymentEvents)
      .values({
        eventId: event.eventId,
        type: event.outcome,
        paymentId: payment.id,
        source,
        receivedAt: s.clock(),
      })
      .onConflictDoNothing()
      .returning();
    applied = inserted.length > 0;
    if (applied && event.providerFeeCents !== undefined && event.providerFeeCents !== locked.providerFeeCents)
      await setPayment(tx, payment.id, { providerFeeCents: event.providerFeeCents });
    return applied;
  };
  const options = { inTx: record };
  const changed =
    event.outcome === 'paid'
      ? // The charge's reference goes on a payment that holds none (its answer was lost).
        (await paymentCaptured(s, payment.bookingId, { ...options, providerRef: event.providerRef })) !==
        'unchanged'
      : event.outcome === 'failed'
        ? await paymentFailed(s, payment.bookingId, options)
        : event.outcome === 'refunded'
          ? await paymentRefundedByProvider(s, payment.bookingId, options)
          : event.outcome === 'disputed' || event.outcome === 'charged_back'
            ? await paymentDisputed(s, payment.bookingId, event.outcome, options)
            : false;
  if (applied && changed)
    await s.db.update(paymentEvents).set({ changed: true }).where(eq(paymentEvents.eventId, event.eventId));
  return { applied, changed: applied && changed };
}

/** A customer's own payment, for the status polling of the Pix screen (DESIGN §8). */
export async function paymentStatus(s: Services, user: UserRow, uuid: string): Promise<PaymentStatus> {
  const [row] = await s.db
    .select({ payment: payments, booking: bookings, timezone: clinics.timezone })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(rooms, eq(rooms.id, bookings.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(and(eq(payments.uuid, uuid), eq(bookings.customerId, user.id)))
    .limit(1);
  if (!row) throw new AppError('not_found', supplyMessages.notFound);
  const list = await refundsOf(s.db, row.payment.id);
  return {
    uuid: row.payment.uuid,
    status: row.payment.status,
    booking_status: row.booking.status,
    method: row.payment.method,
    amount_cents: row.payment.amountCents,
    refunded_cents: row.payment.refundedCents,
    refunds: list.map((r) => ({
      uuid: r.uuid,
      amount_cents: r.amountCents,
      status: r.status,
      reason: r.reason,
      created_at: toZonedIso(r.createdAt, row.timezone),
    })),
  };
}

/** Development with the sandbox only: pays a pending Pix as the provider's webhook would. */
export async function simulatePaid(s: Services, user: UserRow, uuid: string) {
  if (s.config.env === 'production' || s.payments.name !== 'sandbox')
    throw new AppError('not_found', supplyMessages.notFound);
  await paymentStatus(s, user, uuid);
  await applyEvent(s, { eventId: `sim_${uuid}`, outcome: 'paid', paymentUuid: uuid }, 'simulated');
  return paymentStatus(s, user, uuid);
}
