/**
 * What happened, as a move names it (STYLE 17): the events a transition, a job or a flow records
 * with its own transaction. They say what changed and which rows it is about, never who hears of
 * it or how: that is notifications.ts's table.
 */
import type { NotificationEventKind } from '../../db/schema.ts';
import type { CancelActor } from './mails/booking.mails.ts';
import type { DisputeNews } from './mails/payment.mails.ts';

export type NotificationEvent =
  /** The booking's payment arrived in time: every hour is confirmed. */
  | { kind: 'booking_confirmed'; bookingId: number }
  /** A Pix was opened for the booking (its code is on the payment). */
  | { kind: 'pix_pending'; bookingId: number }
  /** A payment arrived after its booking ended (expired, or canceled unpaid): all of it goes back. */
  | { kind: 'late_payment_refunded'; bookingId: number }
  /** Hours of one booking were canceled in one move, by whom, and what goes back for them. */
  | {
      kind: 'hours_canceled';
      bookingId: number;
      appointmentIds: number[];
      actor: CancelActor;
      refundCents: number;
      wholeBooking: boolean;
    }
  /** A horário fixo's month could not be charged on the saved card (its first refusal). */
  | { kind: 'series_charge_refused'; bookingId: number }
  /** The booking's payment entered a dispute, was charged back, or its dispute ended in our favour. */
  | { kind: 'payment_dispute'; bookingId: number; stage: DisputeNews }
  /** Refunds the provider has not accepted a day after they were written. */
  | { kind: 'refunds_stuck'; refundIds: number[] }
  /** Freed time was held for the person first on the waitlist entry. */
  | { kind: 'waitlist_offer'; entryId: number }
  /** A partner recorded a booking for someone off the platform. */
  | { kind: 'outside_booking_recorded'; bookingId: number }
  /** The operator marked a payout paid. */
  | { kind: 'payout_paid'; payoutId: number }
  /** One person's confirmed hours of tomorrow in one room reached their reminder time. */
  | { kind: 'reminder_due'; appointmentIds: number[] }
  /**
   * One person's confirmed hours of one booking, in one room on one day, start within the WhatsApp
   * reminder's hours (WHATSAPP_REMINDER_HOURS).
   */
  | { kind: 'booking_soon'; appointmentIds: number[] }
  /** The booking's Pix is minutes from the end of its hold, still unpaid. */
  | { kind: 'pix_expiring'; bookingId: number }
  /** The booking's last hour ended: its specialist may now review the room (once, for 30 days). */
  | { kind: 'review_invitation'; bookingId: number };

export type EventOf<K extends NotificationEvent['kind']> = Extract<NotificationEvent, { kind: K }>;

// The kinds the table's CHECK allows (db/schema.ts) are exactly these, both ways.
true satisfies NotificationEvent['kind'] extends NotificationEventKind
  ? NotificationEventKind extends NotificationEvent['kind']
    ? true
    : false
  : false;

/**
 * Adds an event to a move's list. Hours of one booking canceled in one move (the operator canceling
 * a booking, a block over its hours) are one event, so one message: told per hour, each would read
 * the booking after every cancel and repeat the same CANCEL at the same SEQUENCE (DESIGN §8, §10).
 */
export function addEvent(events: NotificationEvent[], event: NotificationEvent): void {
  if (event.kind !== 'hours_canceled') {
    events.push(event);
    return;
  }
  const queued = events.find(
    (e): e is EventOf<'hours_canceled'> => e.kind === 'hours_canceled' && e.bookingId === event.bookingId,
  );
  if (!queued) {
    events.push({ ...event, appointmentIds: [...event.appointmentIds] });
    return;
  }
  queued.appointmentIds.push(...event.appointmentIds.filter((id) => !queued.appointmentIds.includes(id)));
  queued.refundCents += event.refundCents;
  queued.wholeBooking ||= event.wholeBooking;
}
