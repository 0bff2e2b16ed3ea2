/**
 * SQL of the lifecycle. Lock order, everywhere: the booking row, then its payment row, then
 * anything else of that booking (appointments, refunds). One order, so no two transitions wait on
 * each other in a cycle.
 */

import { and, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { type Executor, pgConstraint, pgErrorCode, queryRows, type Tx } from '../../db/client.ts';
import {
  type AppointmentStatus,
  appointments,
  bookings,
  payments,
  type RefundReason,
  refunds,
} from '../../db/schema.ts';
import { refreshPaymentSplit } from './split.ts';

export type BookingRow = typeof bookings.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type AppointmentRow = typeof appointments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** The booking, its payment and its appointments, locked in the one order. */
export async function lockBooking(tx: Tx, bookingId: number) {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  if (!booking) return undefined;
  const [payment] = await tx.select().from(payments).where(eq(payments.bookingId, bookingId)).for('update');
  const items = await tx
    .select()
    .from(appointments)
    .where(eq(appointments.bookingId, bookingId))
    .orderBy(appointments.startsAt)
    .for('update');
  return { booking, payment: payment!, items };
}

export async function setBookingStatus(tx: Tx, bookingId: number, status: BookingRow['status'], now: Date) {
  await tx.update(bookings).set({ status, updatedAt: now }).where(eq(bookings.id, bookingId));
}

/** A held booking's payment starts: its method, the attempt's number and its lease. */
export async function startPaying(
  tx: Tx,
  bookingId: number,
  v: { method: 'card' | 'pix'; leaseUntil: Date; attempt: number; now: Date },
) {
  await tx
    .update(bookings)
    .set({ paymentMethod: v.method, chargeAt: v.leaseUntil, chargeAttempts: v.attempt, updatedAt: v.now })
    .where(eq(bookings.id, bookingId));
}

/**
 * A charge is about to be asked of the provider: the attempt's time goes on the payment, in its own
 * statement (committed before the call), while the payment still waits for one — pending and with
 * no provider reference. Answers whether it did (not: the booking ended meanwhile).
 */
export async function markChargeStarted(db: Executor, bookingId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ chargeStartedAt: now, updatedAt: now })
    .where(
      and(eq(payments.bookingId, bookingId), eq(payments.status, 'pending'), isNull(payments.providerRef)),
    )
    .returning({ id: payments.id });
  return rows.length > 0;
}

/**
 * A charge attempt ended with nothing captured (refused, or unknown to the provider): the payment no
 * longer waits on it. `startedAt`, when given, must still be the attempt's (a newer one stays).
 */
export async function clearChargeStarted(db: Executor, paymentId: number, startedAt?: Date) {
  const rows = await db
    .update(payments)
    .set({ chargeStartedAt: null })
    .where(
      and(
        eq(payments.id, paymentId),
        isNull(payments.providerRef),
        startedAt ? eq(payments.chargeStartedAt, startedAt) : undefined,
      ),
    )
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** The cleaning time kept after a booked slot (decision 0023). */
export async function setAppointmentBuffer(tx: Tx, appointmentId: number, bufferMinutes: number) {
  await tx.update(appointments).set({ bufferMinutes }).where(eq(appointments.id, appointmentId));
}

/** When a horário fixo's month is charged next (null: nothing scheduled). */
export async function setChargeAt(tx: Tx, bookingId: number, chargeAt: Date | null) {
  await tx.update(bookings).set({ chargeAt }).where(eq(bookings.id, bookingId));
}

export async function setAppointmentStatus(
  tx: Tx,
  ids: number[],
  status: AppointmentStatus,
  now: Date,
  cancel?: { by: number | null; refundCents: (id: number) => number },
) {
  if (ids.length === 0) return;
  if (!cancel) {
    await tx.update(appointments).set({ status, updatedAt: now }).where(inArray(appointments.id, ids));
    return;
  }
  for (const id of ids) {
    await tx
      .update(appointments)
      .set({
        status,
        updatedAt: now,
        canceledAt: now,
        canceledBy: cancel.by,
        refundCents: cancel.refundCents(id),
      })
      .where(eq(appointments.id, id));
  }
}

/** Changes a payment and, in the same transaction, its split (gross, commission, net). */
export async function setPayment(tx: Tx, paymentId: number, values: Partial<PaymentRow>) {
  await tx.update(payments).set(values).where(eq(payments.id, paymentId));
  await refreshPaymentSplit(tx, paymentId);
}

export async function insertRefund(
  tx: Tx,
  values: { paymentId: number; amountCents: number; reason: RefundReason; now: Date; settled?: boolean },
): Promise<RefundRow> {
  const [row] = await tx
    .insert(refunds)
    .values({
      paymentId: values.paymentId,
      amountCents: values.amountCents,
      reason: values.reason,
      status: values.settled ? 'succeeded' : 'pending',
      nextAttemptAt: values.now,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  return row!;
}

/** Centavos given back or on their way: every refund that is not `failed`. */
/** A dispute at the provider, open or lost: the payment keeps that status whatever is refunded. */
export const IN_DISPUTE: readonly string[] = ['disputed', 'charged_back'];

/** A payment's status once its refunds add up to `refunded` (a dispute's status stays). */
export function statusAfterRefunds(payment: PaymentRow, refunded: number): string {
  if (IN_DISPUTE.includes(payment.status)) return payment.status;
  const paidOnce =
    payment.paidAt !== null || ['paid', 'partially_refunded', 'refunded'].includes(payment.status);
  return refunded >= payment.amountCents && refunded > 0
    ? 'refunded'
    : refunded > 0
      ? 'partially_refunded'
      : paidOnce
        ? 'paid'
        : payment.status;
}

export async function refundedSum(db: Executor, paymentId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), ne(refunds.status, 'failed')));
  return Number(row?.n ?? 0);
}

/**
 * Refunds pending since before `before` that no one reported yet, marked reported in the same
 * transaction (SKIP LOCKED: two processes never report one twice).
 */
export async function claimStuckRefunds(tx: Tx, before: Date, now: Date) {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select r.id from refunds r join payments p on p.id = r.payment_id
        where r.status = 'pending' and r.reported_at is null and p.status <> 'disputed'
          and r.created_at < ${before.toISOString()}::timestamptz
        order by r.id limit 200 for update of r skip locked`,
  );
  if (rows.length === 0) return [];
  return tx
    .update(refunds)
    .set({ reportedAt: now })
    .where(
      inArray(
        refunds.id,
        rows.map((r) => Number(r.id)),
      ),
    )
    .returning({ id: refunds.id });
}

/** Gives up the refunds of a payment still waiting to be sent (under the booking's lock). */
/**
 * Voids the payment's refunds known never to have been made: pending, and no call of theirs left
 * unanswered. One whose last call went unanswered (`last_error`) may have been made at the provider
 * before; it stays pending, and the refund job asks again with its key, which records it if it was
 * made and fails it if the provider refuses.
 */
export async function failPendingRefunds(
  tx: Tx,
  paymentId: number,
  reason: string,
  now: Date,
): Promise<number> {
  const rows = await tx
    .update(refunds)
    .set({ status: 'failed', lastError: reason, updatedAt: now })
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'pending'), isNull(refunds.lastError)))
    .returning({ id: refunds.id });
  return rows.length;
}

export async function refundsOf(db: Executor, paymentId: number): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.paymentId, paymentId)).orderBy(refunds.id);
}

/**
 * Claims due refunds for one attempt: each claimed row is leased (its next attempt pushed past
 * `leaseUntil`) and committed before the provider is called, so no database lock is held over the
 * network and another process takes it only after the lease — the idempotency key covers that case.
 */
export async function claimDueRefunds(
  tx: Tx,
  now: Date,
  leaseUntil: Date,
  only: number[] | undefined,
  limit: number,
) {
  const filter = only
    ? sql`and r.id in (${sql.join(
        only.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const claimed = await queryRows<{ id: number }>(
    tx,
    sql`select r.id from refunds r
        where r.status = 'pending' and r.next_attempt_at <= ${now.toISOString()}::timestamptz ${filter}
          -- a payment in dispute is frozen at the provider: its refunds wait for the outcome, except
          -- one whose last call went unanswered (the provider may have made it before the dispute):
          -- asked again with its key, it learns which
          and (r.last_error is not null
               or not exists (select 1 from payments p where p.id = r.payment_id and p.status = 'disputed'))
        order by r.id limit ${limit} for update skip locked`,
  );
  const ids = claimed.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  await tx
    .update(refunds)
    .set({ nextAttemptAt: leaseUntil, attempts: sql`${refunds.attempts} + 1`, updatedAt: now })
    .where(inArray(refunds.id, ids));
  return tx
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(inArray(refunds.id, ids))
    .orderBy(refunds.id);
}

export async function updateRefund(db: Executor, id: number, values: Partial<RefundRow>) {
  await db
    .update(refunds)
    .set(values)
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
}

/** Unpaid holds past their time, claimed (booking rows first) by one process. */
export async function claimExpiredHolds(tx: Tx, now: Date, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from bookings
        where status = 'pending_payment' and hold_expires_at < ${now.toISOString()}::timestamptz
        order by id limit ${limit} for update skip locked`,
  );
  return rows.map((r) => Number(r.id));
}

export const dueRefundFilter = (now: Date) =>
  and(eq(refunds.status, 'pending'), lte(refunds.nextAttemptAt, now));

/** A declined card attempt leaves nothing: appointments and payment go with the booking. */
export async function deleteBooking(tx: Tx, bookingId: number) {
  await tx.delete(bookings).where(eq(bookings.id, bookingId));
}

export interface NewHold {
  customerId: number;
  roomId: number;
  method: 'card' | 'pix';
  /** The provider that will collect it (PaymentProvider.name). */
  provider: string;
  cardId?: number | null;
  holdExpiresAt: Date;
  seriesId?: number | null;
  chargeAt?: Date | null;
  /** Slot starts (ms), each `slotMs` long at `priceCents`; `buffer(start)` minutes kept after it. */
  starts: number[];
  slotMs: number;
  priceCents: number;
  buffer: (start: number) => number;
  now: Date;
}

/**
 * Before any hold is written: the room's row, shared — a partner blocking hours takes it
 * exclusively, so a block and a booking of the same time never both land (the block sees the
 * booking, or the booking the block) — and none of these slots inside a block.
 */
async function holdRoomTime(tx: Tx, roomId: number, starts: number[], slotMs: number) {
  await tx.execute(sql`select id from rooms where id = ${roomId} for share`);
  const blocked = await queryRows<{ id: number }>(
    tx,
    sql`select id from blocked_schedules where room_id = ${roomId} and (${sql.join(
      starts.map(
        (t) =>
          sql`(starts_at < ${new Date(t + slotMs).toISOString()}::timestamptz and ends_at > ${new Date(t).toISOString()}::timestamptz)`,
      ),
      sql` or `,
    )}) limit 1`,
  );
  if (blocked.length) throw new SlotBlocked();
}

export interface NewOutsideBooking {
  /** The partner who records it (the booking's customer_id: someone off the platform has no account). */
  partnerId: number;
  roomId: number;
  name: string;
  email: string | null;
  note: string | null;
  starts: number[];
  slotMs: number;
  buffer: (start: number) => number;
  now: Date;
}

/**
 * A booking the partner records for someone off the platform (DESIGN §9): confirmed at once, its
 * hours held like any booking's (the same exclusion constraint and blocks), no payment and no price —
 * no money moves through Salas, so nothing reaches the statement or payouts.
 */
export async function insertOutsideBooking(tx: Tx, b: NewOutsideBooking) {
  await holdRoomTime(tx, b.roomId, b.starts, b.slotMs);
  const [booking] = await tx
    .insert(bookings)
    .values({
      customerId: b.partnerId,
      roomId: b.roomId,
      status: 'confirmed',
      amountCents: 0,
      paymentMethod: 'manual',
      outsideName: b.name,
      outsideEmail: b.email,
      note: b.note,
      createdAt: b.now,
      updatedAt: b.now,
    })
    .returning();
  await tx.insert(appointments).values(
    b.starts.map((t) => ({
      bookingId: booking!.id,
      roomId: b.roomId,
      customerId: b.partnerId,
      startsAt: new Date(t),
      endsAt: new Date(t + b.slotMs),
      bufferMinutes: b.buffer(t),
      status: 'confirmed' as const,
      priceCents: 0,
      createdAt: b.now,
      updatedAt: b.now,
    })),
  );
  return booking!;
}

/**
 * Writes a booking awaiting payment — its appointments holding their time and its pending payment —
 * in the caller's transaction: every way of holding time (a booking, a month of a horário fixo, a
 * waitlist offer) starts here. The exclusion constraint refuses it if any slot is taken.
 */
export async function insertHold(tx: Tx, h: NewHold) {
  await holdRoomTime(tx, h.roomId, h.starts, h.slotMs);
  const amount = h.priceCents * h.starts.length;
  const [booking] = await tx
    .insert(bookings)
    .values({
      customerId: h.customerId,
      roomId: h.roomId,
      status: 'pending_payment',
      amountCents: amount,
      paymentMethod: h.method,
      holdExpiresAt: h.holdExpiresAt,
      seriesId: h.seriesId ?? null,
      chargeAt: h.chargeAt ?? null,
      createdAt: h.now,
      updatedAt: h.now,
    })
    .returning();
  await tx.insert(appointments).values(
    h.starts.map((t) => ({
      bookingId: booking!.id,
      roomId: h.roomId,
      customerId: h.customerId,
      startsAt: new Date(t),
      endsAt: new Date(t + h.slotMs),
      bufferMinutes: h.buffer(t),
      status: 'pending_payment' as const,
      priceCents: h.priceCents,
      createdAt: h.now,
      updatedAt: h.now,
    })),
  );
  const [payment] = await tx
    .insert(payments)
    .values({
      bookingId: booking!.id,
      provider: h.provider,
      method: h.method,
      status: 'pending',
      amountCents: amount,
      cardId: h.cardId ?? null,
      createdAt: h.now,
      updatedAt: h.now,
    })
    .returning();
  return {
    bookingId: booking!.id,
    bookingUuid: booking!.uuid,
    paymentId: payment!.id,
    paymentUuid: payment!.uuid,
    amount,
  };
}

/**
 * The database refused a hold that overlaps another booking's time or buffer — or, when two
 * transactions each wait on the other's overlapping rows (several weeks of two series at once),
 * chose this one to give way (deadlock): either way someone else holds that time.
 */
export const isSlotConflict = (err: unknown) =>
  err instanceof SlotBlocked ||
  (pgErrorCode(err) === '23P01' && pgConstraint(err) === 'appointments_room_time_excl') ||
  pgErrorCode(err) === '40P01';

/** The partner blocked some of these hours (a block that landed while the booking was being made). */
export class SlotBlocked extends Error {
  constructor() {
    super('horário bloqueado pela clínica');
  }
}
