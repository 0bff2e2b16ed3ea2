/**
 * Payment events (DESIGN §5): the signed, idempotent webhook, the development "simular pagamento",
 * and the expiry of Pix holds — safe to run in any number of processes.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { supplyMessages } from '#common/contracts/supply';
import { AppError } from '#common/errors';
import type { Services } from '../../app.ts';
import { queryRows, type Tx } from '../../db/client.ts';
import { appointments, bookings, paymentEvents, payments } from '../../db/schema.ts';
import type { UserRow } from '../auth/user.repository.ts';
import { sendBookingConfirmed, sendPixLateRefunded, sendPixReceived } from '../bookings/booking.mails.ts';

export type PaymentEventType = 'payment.paid' | 'payment.failed' | 'payment.refunded';
export interface PaymentEvent {
  id: string;
  type: PaymentEventType;
  data: { payment_uuid: string };
}

/** Applies an event once: a repeated event id changes nothing. */
export async function applyEvent(s: Services, event: PaymentEvent): Promise<{ applied: boolean }> {
  const now = s.clock();
  let confirmedBooking: number | undefined;
  let refundedLate: number | undefined;
  const result = await s.db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.uuid, event.data.payment_uuid))
      .for('update');
    const inserted = await tx
      .insert(paymentEvents)
      .values({ eventId: event.id, type: event.type, paymentId: payment?.id ?? null, receivedAt: now })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0 || !payment) return { applied: false };
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, payment.bookingId));
    if (event.type === 'payment.paid' && (payment.status === 'pending' || payment.status === 'expired')) {
      if (booking?.status === 'pending_payment') {
        confirmedBooking = payment.bookingId;
        await tx
          .update(payments)
          .set({ status: 'paid', paidAt: now, updatedAt: now })
          .where(eq(payments.id, payment.id));
        await tx
          .update(bookings)
          .set({ status: 'confirmed', updatedAt: now })
          .where(eq(bookings.id, payment.bookingId));
        await tx
          .update(appointments)
          .set({ status: 'confirmed', updatedAt: now })
          .where(
            and(eq(appointments.bookingId, payment.bookingId), eq(appointments.status, 'pending_payment')),
          );
      } else {
        // Paid after the hold expired: the slots may be someone else's now, so the money goes back.
        if (payment.providerRef) await s.payments.refund(payment.providerRef, payment.amountCents);
        refundedLate = payment.bookingId;
        await tx
          .update(payments)
          .set({ status: 'refunded', refundedCents: payment.amountCents, paidAt: now, updatedAt: now })
          .where(eq(payments.id, payment.id));
      }
    } else if (event.type === 'payment.failed' && payment.status === 'pending') {
      await release(tx, payment.bookingId, 'failed', now);
      await tx.update(payments).set({ status: 'failed', updatedAt: now }).where(eq(payments.id, payment.id));
    } else if (event.type === 'payment.refunded') {
      await tx
        .update(payments)
        .set({ status: 'refunded', refundedCents: payment.amountCents, updatedAt: now })
        .where(eq(payments.id, payment.id));
    }
    return { applied: true };
  });
  // The mail goes out after the commit, once, from whichever process applied the event.
  if (confirmedBooking !== undefined) {
    await sendPixReceived(s, confirmedBooking);
    await sendBookingConfirmed(s, confirmedBooking);
  }
  if (refundedLate !== undefined) await sendPixLateRefunded(s, refundedLate);
  return result;
}

async function release(tx: Tx, bookingId: number, status: 'failed' | 'expired', now: Date) {
  await tx.update(bookings).set({ status, updatedAt: now }).where(eq(bookings.id, bookingId));
  await tx
    .update(appointments)
    .set({ status: status === 'failed' ? 'canceled' : 'expired', updatedAt: now })
    .where(and(eq(appointments.bookingId, bookingId), eq(appointments.status, 'pending_payment')));
}

/** Frees the slots of Pix holds past their 15 minutes. Rows are claimed with SKIP LOCKED. */
export async function expireHolds(s: Services): Promise<number> {
  const now = s.clock();
  return s.db.transaction(async (tx) => {
    const claimed = await queryRows<{ id: number }>(
      tx,
      sql`select id from bookings
          where status = 'pending_payment' and hold_expires_at < ${now.toISOString()}::timestamptz
          order by id limit 500 for update skip locked`,
    );
    const ids = claimed.map((r) => Number(r.id));
    if (ids.length === 0) return 0;
    await tx.update(bookings).set({ status: 'expired', updatedAt: now }).where(inArray(bookings.id, ids));
    await tx
      .update(appointments)
      .set({ status: 'expired', updatedAt: now })
      .where(and(inArray(appointments.bookingId, ids), eq(appointments.status, 'pending_payment')));
    await tx
      .update(payments)
      .set({ status: 'expired', updatedAt: now })
      .where(and(inArray(payments.bookingId, ids), eq(payments.status, 'pending')));
    return ids.length;
  });
}

/** A customer's own payment, for the status polling of the Pix screen. */
export async function paymentStatus(s: Services, user: UserRow, uuid: string) {
  const [row] = await s.db
    .select({ payment: payments, booking: bookings })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(payments.uuid, uuid), eq(bookings.customerId, user.id)))
    .limit(1);
  if (!row) throw new AppError('not_found', supplyMessages.notFound);
  return { uuid: row.payment.uuid, status: row.payment.status, booking_status: row.booking.status };
}

/** Development only: pays a pending Pix as the provider's webhook would. */
export async function simulatePaid(s: Services, user: UserRow, uuid: string) {
  if (s.config.env === 'production') throw new AppError('not_found', supplyMessages.notFound);
  await paymentStatus(s, user, uuid);
  await applyEvent(s, { id: `sim_${uuid}`, type: 'payment.paid', data: { payment_uuid: uuid } });
  return paymentStatus(s, user, uuid);
}
