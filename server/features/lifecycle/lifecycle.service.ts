/**
 * The booking lifecycle (DESIGN §8): the one place that changes the status of a booking, its
 * appointments, its payment and its refunds. Every transition runs in one transaction that first
 * locks the booking row (then its payment, then its appointments), checks the move against the
 * table of common/domain/lifecycle.ts with the rows as they are under the lock, and leaves its
 * side effects (refunds to send) to run after the commit. What happened is recorded as events with
 * the transaction; who hears of it, and how, is features/notifications' to decide (STYLE 17).
 */

import { inArray } from 'drizzle-orm';
import { type Actor, findTransition, lifecycleMessages, refundFor } from '#common/domain/lifecycle';
import { AppError } from '#common/errors';
import type { Tx } from '../../db/client.ts';
import { type AppointmentStatus, appointments, type RefundReason } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import { addEvent, type NotificationEvent } from '../notifications/events.ts';
import { notify } from '../notifications/notify.service.ts';
import { collectorOfRef } from '../payment-accounts/payment-account.service.ts';
import * as repo from './lifecycle.repository.ts';
import { CHARGED_BACK, sendRefunds } from './refunds.service.ts';
import { expireOffers, offerReleased, type ReleasedTime } from './waitlist.lifecycle.ts';

export type Locked = NonNullable<Awaited<ReturnType<typeof repo.lockBooking>>>;

/**
 * What the transitions touch (STYLE 16): the database, the clock, the provider (withdrawals,
 * refunds, a partner's account), the outbox their events write to, and the config those read.
 */
export type LifecycleDeps = Pick<Services, 'db' | 'clock' | 'mailer' | 'payments' | 'config'>;

/** What a transition leaves to do once its transaction has committed. */
export class Effects {
  refunds: number[] = [];
  /** Provider references of charges still pending whose booking is gone. */
  withdrawals: string[] = [];
  /** What happened, written with the transaction once its work is done (and told from there). */
  events: NotificationEvent[] = [];
  /** Held time given back (canceled, expired, dropped): offered to the room's waitlist after commit. */
  released: ReleasedTime[] = [];

  /** Records what happened; hours of one booking canceled in one transition are one event. */
  tell(event: NotificationEvent): void {
    addEvent(this.events, event);
  }
}

const HOLDING_NOW: readonly string[] = ['pending_payment', 'confirmed', 'completed', 'no_show'];

/** The booking's hours that held their time under the lock and no longer do (or are gone). */
async function releasedBy(tx: Tx, locked: Locked, before: Map<number, string>): Promise<ReleasedTime[]> {
  const ids = [...before].filter(([, status]) => HOLDING_NOW.includes(status)).map(([id]) => id);
  if (ids.length === 0) return [];
  const now = new Map(
    (
      await tx
        .select({ id: appointments.id, status: appointments.status })
        .from(appointments)
        .where(inArray(appointments.id, ids))
    ).map((r) => [r.id, r.status]),
  );
  return locked.items
    .filter((a) => ids.includes(a.id) && !HOLDING_NOW.includes(now.get(a.id) ?? 'gone'))
    .map((a) => ({ roomId: a.roomId, startsAt: a.startsAt, endsAt: a.endsAt }));
}

/**
 * Runs `work` on the locked booking inside the caller's transaction; what it leaves to do joins
 * `fx`. Several bookings can move in one transaction this way (an account's deletion), all or none.
 */
export async function onBooking<T>(
  tx: Tx,
  bookingId: number,
  fx: Effects,
  work: (tx: Tx, locked: Locked, fx: Effects) => Promise<T>,
): Promise<T> {
  const locked = await repo.lockBooking(tx, bookingId);
  if (!locked) throw new AppError('not_found', 'Reserva não encontrada.');
  const before = new Map(locked.items.map((a) => [a.id, a.status as string]));
  const out = await work(tx, locked, fx);
  fx.released.push(...(await releasedBy(tx, locked, before)));
  return out;
}

/**
 * One transaction for transitions, and then their effects. The transitions' events are written
 * with it (their messages too: they go out only if it commits). Effects never undo the transition:
 * a refund that fails here is retried by the job.
 */
export async function transition<T>(s: LifecycleDeps, work: (tx: Tx, fx: Effects) => Promise<T>): Promise<T> {
  const fx = new Effects();
  const result = await s.db.transaction(async (tx) => {
    const out = await work(tx, fx);
    await notify(s, tx, fx.events);
    return out;
  });
  await runEffects(s, fx);
  return result;
}

/** Runs `work` on the locked booking in a transaction of its own, and then its effects. */
export function withBooking<T>(
  s: LifecycleDeps,
  bookingId: number,
  work: (tx: Tx, locked: Locked, fx: Effects) => Promise<T>,
): Promise<T> {
  return transition(s, (tx, fx) => onBooking(tx, bookingId, fx, work));
}

async function runEffects(s: LifecycleDeps, fx: Effects) {
  if (fx.refunds.length) await sendRefunds(s, fx.refunds).catch(() => undefined);
  if (fx.released.length) await offerReleased(s, fx.released).catch(() => undefined);
  for (const ref of fx.withdrawals)
    await collectorOfRef(s, ref)
      .then((collector) => s.payments.cancelCharge(ref, collector))
      .catch(() => undefined);
  if (fx.events.length) s.mailer.kick();
}

const hoursOf = (a: repo.AppointmentRow, booking: repo.BookingRow) => ({
  startsAt: a.startsAt,
  endsAt: a.endsAt,
  holdExpiresAt: booking.holdExpiresAt,
});

const HOLDING: AppointmentStatus[] = ['pending_payment', 'confirmed', 'completed', 'no_show'];

/** Booking status after its appointments changed: canceled once none holds its hour. */
async function settleBooking(tx: Tx, locked: Locked, changed: Map<number, AppointmentStatus>, now: Date) {
  const statuses = locked.items.map((a) => changed.get(a.id) ?? a.status);
  if (!statuses.some((st) => HOLDING.includes(st)) && locked.booking.status !== 'canceled')
    await repo.setBookingStatus(tx, locked.booking.id, 'canceled', now);
}

const { IN_DISPUTE, statusAfterRefunds } = repo;

/** Moves the payment's refunded total to what its refunds add up to, and its status with it. */
async function settlePayment(tx: Tx, payment: repo.PaymentRow, now: Date) {
  const refunded = await repo.refundedSum(tx, payment.id);
  const status = statusAfterRefunds(payment, refunded);
  await repo.setPayment(tx, payment.id, { refundedCents: refunded, status, updatedAt: now });
}

async function addRefund(
  tx: Tx,
  fx: Effects,
  payment: repo.PaymentRow,
  amountCents: number,
  reason: RefundReason,
  now: Date,
) {
  if (amountCents <= 0) return;
  const refund = await repo.insertRefund(tx, { paymentId: payment.id, amountCents, reason, now });
  fx.refunds.push(refund.id);
}

// ------------------------------------------------------------------ payment arrives or fails

export type PaymentOutcome = 'confirmed' | 'late' | 'settled' | 'unchanged';

/**
 * The provider says the booking's payment was captured. Inside the hold it confirms every hour;
 * after the hold, or once the booking was canceled, the whole amount goes back (DESIGN §8).
 */
export function paymentCaptured(
  s: LifecycleDeps,
  bookingId: number,
  options: { providerRef?: string; inTx?: (tx: Tx, payment: repo.PaymentRow) => Promise<boolean> } = {},
): Promise<PaymentOutcome> {
  return withBooking(s, bookingId, async (tx, locked, fx) => {
    const { booking, payment, items } = locked;
    if (options.inTx && !(await options.inTx(tx, payment))) return 'unchanged';
    const now = s.clock();
    // The charge's reference goes on a payment that holds none — also one whose answer was lost (a
    // process that died after the capture, found by the reconciliation job); a known one stays.
    const ref = options.providerRef && !payment.providerRef ? { providerRef: options.providerRef } : {};
    if (IN_DISPUTE.includes(payment.status)) {
      // Approved again: the dispute ended in the platform's favour and the money stays.
      await settlePayment(tx, { ...payment, status: 'paid' }, now);
      fx.tell({ kind: 'payment_dispute', bookingId: booking.id, stage: 'settled' });
      return 'settled';
    }
    if (payment.paidAt || !['pending', 'expired', 'failed'].includes(payment.status)) {
      if (ref.providerRef) await repo.setPayment(tx, payment.id, { ...ref, updatedAt: now });
      return 'unchanged';
    }
    const allHeld = items.length > 0 && items.every((a) => a.status === 'pending_payment');
    const move =
      booking.status === 'pending_payment' && allHeld
        ? findTransition('pending_payment', 'confirmed', 'provider', hoursOf(items[0]!, booking), now)
        : undefined;
    if (booking.chargeAt) await repo.setChargeAt(tx, booking.id, null);
    if (move) {
      await repo.setBookingStatus(tx, booking.id, 'confirmed', now);
      await repo.setAppointmentStatus(
        tx,
        items.map((a) => a.id),
        'confirmed',
        now,
      );
      await repo.setPayment(tx, payment.id, { ...ref, status: 'paid', paidAt: now, updatedAt: now });
      fx.tell({ kind: 'booking_confirmed', bookingId: booking.id });
      return 'confirmed';
    }
    // Too late: a hold still open on paper but past its time expires now, then the money goes back.
    if (booking.status === 'pending_payment') {
      await repo.setBookingStatus(tx, booking.id, 'expired', now);
      await repo.setAppointmentStatus(
        tx,
        items.filter((a) => a.status === 'pending_payment').map((a) => a.id),
        'expired',
        now,
      );
    }
    await repo.setPayment(tx, payment.id, { ...ref, status: 'paid', paidAt: now, updatedAt: now });
    await addRefund(tx, fx, payment, payment.amountCents - payment.refundedCents, 'late_payment', now);
    await settlePayment(tx, { ...payment, paidAt: now }, now);
    fx.tell({ kind: 'late_payment_refunded', bookingId: booking.id });
    return 'late';
  });
}

/**
 * The provider opened a charge that is still pending (a Pix, a card in review): its reference (and
 * Pix code) go on the payment under the booking's lock. Should the booking have ended meanwhile (a
 * cancel that came before the reference was known), the charge is withdrawn at once.
 */
export function chargeOpened(
  s: LifecycleDeps,
  bookingId: number,
  values: { providerRef: string; pixCopyPaste?: string; pixExpiresAt?: Date },
): Promise<void> {
  return withBooking(s, bookingId, async (tx, locked, fx) => {
    await repo.setPayment(tx, locked.payment.id, { ...values, updatedAt: s.clock() });
    // A charge in flight: nothing is left to schedule for this booking (a horário fixo's month).
    if (locked.booking.chargeAt) await repo.setChargeAt(tx, locked.booking.id, null);
    if (locked.booking.status !== 'pending_payment') fx.withdrawals.push(values.providerRef);
    // A Pix to pay: its code goes to the person with the reference that collects it.
    else if (values.pixCopyPaste) fx.tell({ kind: 'pix_pending', bookingId });
  });
}

/** How long one attempt to pay a held time keeps others from starting (a provider call's worth). */
const PAYING_LEASE_MS = 2 * 60_000;

export type PaymentChoice = { attempt: number } | 'over' | 'busy';

/**
 * The person chose how to pay a time held for them before any charge was opened (a waitlist
 * offer). Under the lock, while the hold lasts and no other attempt is running: card or Pix goes
 * on the booking and its payment, and the attempt is leased (`charge_at`) and numbered — its
 * number keys the provider call, so a second card after a declined one is a new charge.
 */
export function paymentMethodChosen(
  s: LifecycleDeps,
  bookingId: number,
  choice: { method: 'card' | 'pix'; cardId: number | null },
): Promise<PaymentChoice> {
  return withBooking(s, bookingId, async (tx, locked): Promise<PaymentChoice> => {
    const { booking, payment } = locked;
    const now = s.clock();
    const held =
      booking.status === 'pending_payment' &&
      payment.status === 'pending' &&
      !payment.providerRef &&
      booking.holdExpiresAt !== null &&
      booking.holdExpiresAt > now;
    if (!held) return 'over';
    if (booking.chargeAt && booking.chargeAt > now) return 'busy';
    // An attempt whose answer never came (its process died, or the provider did not answer): the
    // provider may hold it, and another attempt (another key) could charge twice. It waits for the
    // reconciliation job, which attaches the charge or ends the attempt.
    if (payment.chargeStartedAt) return 'busy';
    const attempt = booking.chargeAttempts + 1;
    await repo.startPaying(tx, booking.id, {
      method: choice.method,
      leaseUntil: new Date(now.getTime() + PAYING_LEASE_MS),
      attempt,
      now,
    });
    await repo.setPayment(tx, payment.id, { method: choice.method, cardId: choice.cardId, updatedAt: now });
    return { attempt };
  });
}

/** An attempt to pay ended without a charge (a declined card): the next one may start at once. */
export function payingAttemptEnded(s: LifecycleDeps, bookingId: number): Promise<void> {
  return withBooking(s, bookingId, async (tx, locked) => {
    if (locked.booking.chargeAt) await repo.setChargeAt(tx, bookingId, null);
    if (locked.payment.chargeStartedAt) await repo.clearChargeStarted(tx, locked.payment.id);
  });
}

/** The provider refused the payment: the hours go back, nothing was charged. */
export function paymentFailed(
  s: LifecycleDeps,
  bookingId: number,
  options: { inTx?: (tx: Tx, payment: repo.PaymentRow) => Promise<boolean> } = {},
): Promise<boolean> {
  return withBooking(s, bookingId, async (tx, locked) => {
    const { booking, payment, items } = locked;
    if (options.inTx && !(await options.inTx(tx, payment))) return false;
    if (payment.status !== 'pending' || booking.status !== 'pending_payment') return false;
    const now = s.clock();
    const first = items[0];
    if (!first || !findTransition(first.status, 'canceled', 'provider', hoursOf(first, booking), now))
      return false;
    await repo.setBookingStatus(tx, booking.id, 'failed', now);
    await repo.setAppointmentStatus(
      tx,
      items.filter((a) => a.status === 'pending_payment').map((a) => a.id),
      'canceled',
      now,
      { by: null, refundCents: () => 0 },
    );
    await repo.setPayment(tx, payment.id, { status: 'failed', updatedAt: now });
    return true;
  });
}

/**
 * A card the issuer declined at booking: the attempt leaves nothing behind (the hold and its
 * payment row go away), unless someone canceled it meanwhile.
 */
export function cardDeclined(s: LifecycleDeps, bookingId: number): Promise<void> {
  return withBooking(s, bookingId, async (tx, locked) => {
    if (locked.booking.status !== 'pending_payment' || locked.payment.status !== 'pending') return;
    await repo.deleteBooking(tx, locked.booking.id);
  });
}

/**
 * The provider reports the payment refunded on its side (a refund made in its dashboard, a
 * dispute): the rest of the amount is booked as given back and the hours still held are released.
 */
export function paymentRefundedByProvider(
  s: LifecycleDeps,
  bookingId: number,
  options: { inTx?: (tx: Tx, payment: repo.PaymentRow) => Promise<boolean> } = {},
): Promise<boolean> {
  return withBooking(s, bookingId, async (tx, locked, fx) => {
    const { booking, payment, items } = locked;
    if (options.inTx && !(await options.inTx(tx, payment))) return false;
    if (!['paid', 'partially_refunded', ...IN_DISPUTE].includes(payment.status)) return false;
    const now = s.clock();
    const rest = payment.amountCents - payment.refundedCents;
    if (rest > 0) {
      await repo.insertRefund(tx, {
        paymentId: payment.id,
        amountCents: rest,
        reason: 'provider',
        now,
        settled: true,
      });
    }
    // Refunded in full at the provider: whatever dispute there was is over.
    await settlePayment(tx, { ...payment, status: 'paid' }, now);
    const held = items.filter((a) => a.status === 'confirmed');
    await repo.setAppointmentStatus(
      tx,
      held.map((a) => a.id),
      'canceled',
      now,
      { by: null, refundCents: (id) => held.find((a) => a.id === id)!.priceCents },
    );
    await settleBooking(tx, locked, new Map(held.map((a) => [a.id, 'canceled' as const])), now);
    if (held.length)
      fx.tell({
        kind: 'hours_canceled',
        bookingId: booking.id,
        appointmentIds: held.map((a) => a.id),
        actor: 'provider',
        refundCents: rest,
        wholeBooking: false,
      });
    return true;
  });
}

/**
 * The provider reports a dispute (DESIGN §9): `disputed` while the customer's claim is open
 * (Mercado Pago `in_mediation`: the money is frozen there, so refunds of this payment wait), or
 * `charged_back` once the card's issuer gave the money back (refunds still waiting are void: the
 * customer already has it; one whose call went unanswered is asked again first, since the provider
 * may have made it before). The hours are left as they are; the operators are mailed; the
 * partner's share stays held while the payment is in either status.
 */
export function paymentDisputed(
  s: LifecycleDeps,
  bookingId: number,
  to: 'disputed' | 'charged_back',
  options: { inTx?: (tx: Tx, payment: repo.PaymentRow) => Promise<boolean> } = {},
): Promise<boolean> {
  return withBooking(s, bookingId, async (tx, locked, fx) => {
    const { booking, payment } = locked;
    if (options.inTx && !(await options.inTx(tx, payment))) return false;
    const from =
      to === 'disputed' ? ['paid', 'partially_refunded'] : ['paid', 'partially_refunded', 'disputed'];
    if (!from.includes(payment.status)) return false;
    const now = s.clock();
    await repo.setPayment(tx, payment.id, { status: to, updatedAt: now });
    if (to === 'charged_back') {
      const voided = await repo.failPendingRefunds(tx, payment.id, CHARGED_BACK, now);
      if (voided > 0) await settlePayment(tx, { ...payment, status: to }, now);
    }
    fx.tell({ kind: 'payment_dispute', bookingId: booking.id, stage: to });
    return true;
  });
}

// ------------------------------------------------------------------ holds

/** Frees the hours of unpaid holds past their time, in any number of processes at once. */
export function expireHolds(s: LifecycleDeps): Promise<number> {
  const now = s.clock();
  return transition(s, async (tx, fx) => {
    const ids = await repo.claimExpiredHolds(tx, now, 500);
    // A waitlist offer nobody paid in time: that person's turn is over, the next one's comes.
    await expireOffers(tx, ids, now);
    for (const id of ids) {
      const locked = await repo.lockBooking(tx, id);
      if (!locked) continue;
      const due = locked.items.filter(
        (a) =>
          a.status === 'pending_payment' &&
          findTransition('pending_payment', 'expired', 'hold_job', hoursOf(a, locked.booking), now),
      );
      if (due.length === 0) continue;
      fx.released.push(...due.map((a) => ({ roomId: a.roomId, startsAt: a.startsAt, endsAt: a.endsAt })));
      await repo.setBookingStatus(tx, id, 'expired', now);
      await repo.setAppointmentStatus(
        tx,
        due.map((a) => a.id),
        'expired',
        now,
      );
      if (locked.payment.status === 'pending') {
        await repo.setPayment(tx, locked.payment.id, { status: 'expired', updatedAt: now });
        // A card still in review, or an unpaid Pix, is withdrawn at the provider.
        if (locked.payment.providerRef) fx.withdrawals.push(locked.payment.providerRef);
      }
    }
    return ids.length;
  });
}

// ------------------------------------------------------------------ people's moves

export interface ActorRef {
  kind: Extract<Actor, 'customer' | 'partner' | 'operator'>;
  userId: number;
}

export interface CancelResult {
  uuid: string;
  status: string;
  refund_cents: number;
  whole_booking: boolean;
}

const conflict = (message: string, field = 'status') =>
  new AppError('conflict', message, { errors: { [field]: [message] } });

/**
 * Cancels one appointment for this actor under the table's guards. An unpaid booking is canceled
 * whole; a paid hour is refunded per the table (policy for the customer, in full for the others).
 */
export function cancelAppointment(
  s: LifecycleDeps,
  actor: ActorRef,
  bookingId: number,
  appointmentId: number,
): Promise<CancelResult> {
  return withBooking(s, bookingId, (tx, locked, fx) => cancelLocked(s, tx, locked, fx, actor, appointmentId));
}

export async function cancelLocked(
  s: Pick<Services, 'clock'>,
  tx: Tx,
  locked: Locked,
  fx: Effects,
  actor: ActorRef,
  appointmentId: number,
  /** false: the caller tells of several cancellations at once (a horário fixo), or not at all. */
  tell = true,
): Promise<CancelResult> {
  const { booking, payment, items } = locked;
  const a = items.find((x) => x.id === appointmentId);
  if (!a) throw new AppError('not_found', 'Agendamento não encontrado.');
  if (booking.paymentMethod === 'manual') return cancelOutsideLocked(s, tx, locked, fx, actor, a, tell);
  const now = s.clock();
  const move = findTransition(a.status, 'canceled', actor.kind, hoursOf(a, booking), now);
  if (!move) throw conflict(lifecycleMessages.notCancelable);
  const reason: RefundReason = `${actor.kind}_cancel`;

  if (a.status === 'pending_payment') {
    // Not paid yet: the booking goes whole, its hours at once; a payment arriving later is refunded.
    const held = items.filter((x) => x.status === 'pending_payment');
    await repo.setAppointmentStatus(
      tx,
      held.map((x) => x.id),
      'canceled',
      now,
      { by: actor.userId, refundCents: () => 0 },
    );
    await repo.setBookingStatus(tx, booking.id, 'canceled', now);
    if (payment.status === 'pending') {
      await repo.setPayment(tx, payment.id, { status: 'expired', updatedAt: now });
      // The provider must not collect it any more (a card in review, an unpaid Pix).
      if (payment.providerRef) fx.withdrawals.push(payment.providerRef);
    }
    if (tell)
      fx.tell({
        kind: 'hours_canceled',
        bookingId: booking.id,
        appointmentIds: held.map((x) => x.id),
        actor: actor.kind,
        refundCents: 0,
        wholeBooking: held.length > 1,
      });
    return { uuid: a.uuid, status: 'canceled', refund_cents: 0, whole_booking: held.length > 1 };
  }

  // A confirmed hour: its payment was captured (confirmed implies paid). Charged back, the money is
  // already with the customer: nothing more goes back.
  const available = payment.status === 'charged_back' ? 0 : payment.amountCents - payment.refundedCents;
  const refund = Math.min(refundFor(move, a.priceCents, a.startsAt, now), Math.max(available, 0));
  await repo.setAppointmentStatus(tx, [a.id], 'canceled', now, {
    by: actor.userId,
    refundCents: () => refund,
  });
  await keepCleaningTime(tx, locked, a);
  await addRefund(tx, fx, payment, refund, reason, now);
  if (refund > 0) await settlePayment(tx, payment, now);
  await settleBooking(tx, locked, new Map([[a.id, 'canceled' as const]]), now);
  // Hours of one booking canceled in one transition are one event (a desk cancel, a block).
  if (tell)
    fx.tell({
      kind: 'hours_canceled',
      bookingId: booking.id,
      appointmentIds: [a.id],
      actor: actor.kind,
      refundCents: refund,
      wholeBooking: false,
    });
  return { uuid: a.uuid, status: 'canceled', refund_cents: refund, whole_booking: false };
}

/**
 * An hour of a booking the partner recorded for someone off the platform: no payment, nothing to
 * refund. Its partner (or the operator) cancels it whenever it still holds its hour.
 */
async function cancelOutsideLocked(
  s: Pick<Services, 'clock'>,
  tx: Tx,
  locked: Locked,
  fx: Effects,
  actor: ActorRef,
  a: repo.AppointmentRow,
  tell: boolean,
): Promise<CancelResult> {
  if (a.status !== 'confirmed' || (actor.kind !== 'partner' && actor.kind !== 'operator'))
    throw conflict(lifecycleMessages.notCancelable);
  const now = s.clock();
  await repo.setAppointmentStatus(tx, [a.id], 'canceled', now, { by: actor.userId, refundCents: () => 0 });
  await keepCleaningTime(tx, locked, a);
  await settleBooking(tx, locked, new Map([[a.id, 'canceled' as const]]), now);
  // Hours of one booking canceled in one transition are one event (DESIGN §10).
  if (tell)
    fx.tell({
      kind: 'hours_canceled',
      bookingId: locked.booking.id,
      appointmentIds: [a.id],
      actor: actor.kind,
      refundCents: 0,
      wholeBooking: false,
    });
  return { uuid: a.uuid, status: 'canceled', refund_cents: 0, whole_booking: false };
}

/**
 * The buffer after a stretch sits on its last slot (decision 0023). When a slot that ended a
 * stretch, or split one, is canceled, the booked slot just before it becomes a stretch's end and
 * takes the booking's buffer. It fits: a buffer is never longer than a slot, and that time was
 * the canceled slot's until now.
 */
async function keepCleaningTime(tx: Tx, locked: Locked, canceled: repo.AppointmentRow) {
  const buffer = Math.max(...locked.items.map((x) => x.bufferMinutes));
  const before = locked.items.find(
    (x) =>
      x.id !== canceled.id &&
      x.endsAt.getTime() === canceled.startsAt.getTime() &&
      HOLDING.includes(x.status) &&
      x.bufferMinutes < buffer,
  );
  if (!before) return;
  await repo.setAppointmentBuffer(tx, before.id, buffer);
  before.bufferMinutes = buffer;
}

/**
 * The partner's status menu: canceled goes through the cancellation above; completed and no_show
 * only after the start; asking for the status it already has changes nothing (idempotent).
 */
export function partnerSetStatus(
  s: LifecycleDeps,
  partnerId: number,
  bookingId: number,
  appointmentId: number,
  status: AppointmentStatus,
): Promise<CancelResult> {
  return withBooking(s, bookingId, async (tx, locked, fx) => {
    const a = locked.items.find((x) => x.id === appointmentId);
    if (!a) throw new AppError('not_found', 'Agendamento não encontrado.');
    if (a.status === status) return { uuid: a.uuid, status, refund_cents: 0, whole_booking: false };
    if (status === 'canceled')
      return cancelLocked(s, tx, locked, fx, { kind: 'partner', userId: partnerId }, appointmentId);
    const now = s.clock();
    const move = findTransition(a.status, status, 'partner', hoursOf(a, locked.booking), now);
    if (!move) {
      const early = a.status === 'confirmed' && (status === 'completed' || status === 'no_show');
      const closed = ['canceled', 'expired', 'completed', 'no_show'].includes(a.status);
      throw conflict(
        early
          ? lifecycleMessages.notStarted
          : closed
            ? lifecycleMessages.closed
            : lifecycleMessages.notAllowed,
      );
    }
    await repo.setAppointmentStatus(tx, [a.id], status, now);
    return { uuid: a.uuid, status, refund_cents: 0, whole_booking: false };
  });
}
