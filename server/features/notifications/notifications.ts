/**
 * Who hears of what, and how (STYLE 17): for each kind of event (events.ts), the messages it makes
 * — to whom (a role and an address) and in each channel's words. The moves beside this table
 * (features/lifecycle, and the jobs and flows that record events) never name a mail; a new channel
 * is one more field of `Message` and one more writer in notify.service.ts, and no move changes.
 * notifications.test.ts prints the table.
 *
 * Every message reads the rows with the transaction of its event, so it tells what the move left.
 */
import type { Executor } from '../../db/client.ts';
import type { MessageChannel } from '../../db/schema.ts';
import { qrPng } from '../../lib/qr.ts';
import type { Services } from '../../services.ts';
import type { ThrottleRule } from '../security/throttle.service.ts';
import type { EventOf, NotificationEvent } from './events.ts';
import {
  type BookingMail,
  canceledMails,
  clinicLocation,
  confirmedMails,
  type MailBooking,
  type MailContext,
  mailContext,
  pixLateRefundedMails,
  pixPendingMail,
  pixReceivedMail,
  reminderMail,
  seriesChargeRefusedMail,
} from './mails/booking.mails.ts';
import { outsideBookingMails, outsideMailRules } from './mails/outside-booking.mails.ts';
import { disputeNewsMail, refundsStuckMail } from './mails/payment.mails.ts';
import { payoutPaidMail } from './mails/payout.mails.ts';
import { waitlistOfferMail } from './mails/waitlist.mails.ts';
import * as repo from './notifications.repository.ts';

/** What telling needs: the transaction's rows, the clock, the links and sender, and the outbox. */
export type NotifyDeps = Pick<Services, 'db' | 'clock' | 'mailer' | 'config'>;

/** Who a message is for, as the table names them. */
export type RecipientRole = 'customer' | 'outside_person' | 'operator' | 'partner';

export interface Recipient {
  role: RecipientRole;
  email: string;
}

/** One message to one person, in the words of each channel it can go on. */
export interface Message {
  to: Recipient;
  /** E-mail: one mail, or more when a booking's further calendar events travel alone (first). */
  email: BookingMail[];
  /**
   * Written only while this allowance lasts, counted in the event's transaction (mails to people
   * off the platform, DESIGN §10): past it the move stands and the message is not written.
   */
  allowance?: { rules: ThrottleRule[]; subject: string };
}

/**
 * The channels a person hears on. E-mail always goes, for everyone, as it always did; the
 * preferences of each person (a WhatsApp number, opting out of one) are decided here.
 */
export function channelsFor(_to: Recipient): MessageChannel[] {
  return ['email'];
}

interface Reading {
  db: Executor;
  ctx: MailContext;
}

type Rule<K extends NotificationEvent['kind']> = (r: Reading, event: EventOf<K>) => Promise<Message[]>;

const customerOf = (d: MailBooking, email: BookingMail[]): Message[] =>
  email.length ? [{ to: { role: 'customer', email: d.customer.email }, email }] : [];

/** The person a partner booked an hour for off the platform, within the partner's allowance. */
const outsidePerson = (
  d: MailBooking & { clinic: { partnerId: number } },
  email: BookingMail[],
): Message[] =>
  email.length && d.booking.outsideEmail
    ? [
        {
          to: { role: 'outside_person', email: d.booking.outsideEmail },
          email,
          allowance: { rules: outsideMailRules, subject: `partner-${d.clinic.partnerId}` },
        },
      ]
    : [];

const toOperators = async (db: Executor, mail: BookingMail): Promise<Message[]> =>
  (await repo.operators(db)).map((op) => ({ to: { role: 'operator', email: op.email }, email: [mail] }));

/** The table: each event kind and the messages it makes. */
export const rules: { [K in NotificationEvent['kind']]: Rule<K> } = {
  // A Pix payer gets a receipt first (no card statement tells them), then the confirmation with
  // its calendar invitation.
  async booking_confirmed({ db, ctx }, e) {
    const d = await repo.bookingDetails(db, e.bookingId);
    const receipt = d.payment.method === 'pix' ? [pixReceivedMail(ctx, d)] : [];
    return customerOf(d, [...receipt, ...confirmedMails(ctx, d)]);
  },
  async pix_pending({ db, ctx }, e) {
    const d = await repo.bookingDetails(db, e.bookingId);
    const qr = await qrPng(d.payment.pixCopyPaste ?? '');
    const attachments = [{ filename: 'pix-qrcode.png', contentType: 'image/png', content: qr }];
    return customerOf(d, [{ ...pixPendingMail(ctx, d), attachments }]);
  },
  async late_payment_refunded({ db, ctx }, e) {
    const d = await repo.bookingDetails(db, e.bookingId);
    return customerOf(d, pixLateRefundedMails(ctx, d));
  },
  // A booking recorded for someone off the platform tells that person (if the partner gave an
  // e-mail), the others their customer.
  async hours_canceled({ db, ctx }, e) {
    const d = await repo.bookingDetails(db, e.bookingId);
    if (d.booking.paymentMethod === 'manual')
      return outsidePerson(d, outsideBookingMails(ctx, d, e.appointmentIds));
    return customerOf(d, canceledMails(ctx, d, e));
  },
  async series_charge_refused({ db }, e) {
    const d = await repo.bookingDetails(db, e.bookingId);
    return customerOf(d, [seriesChargeRefusedMail(d)]);
  },
  async payment_dispute({ db, ctx }, e) {
    const row = await repo.disputedPayment(db, e.bookingId);
    return row ? toOperators(db, disputeNewsMail(ctx.publicUrl, row, e.stage)) : [];
  },
  async refunds_stuck({ db, ctx }, e) {
    const stuck = await repo.refundsByIds(db, e.refundIds);
    return stuck.length ? toOperators(db, refundsStuckMail(ctx.publicUrl, stuck)) : [];
  },
  async waitlist_offer({ db, ctx }, e) {
    const row = await repo.waitlistOffer(db, e.entryId);
    return row
      ? [
          {
            to: { role: 'customer', email: row.customer.email },
            email: [waitlistOfferMail(ctx.publicUrl, row)],
          },
        ]
      : [];
  },
  async outside_booking_recorded({ db, ctx }, e) {
    const d = await repo.bookingDetails(db, e.bookingId);
    return outsidePerson(d, outsideBookingMails(ctx, d));
  },
  async payout_paid({ db, ctx }, e) {
    const p = await repo.paidPayout(db, e.payoutId);
    if (!p) return [];
    const mail = payoutPaidMail(ctx.publicUrl, {
      name: String(p.name),
      amountCents: Number(p.amount_cents),
      reference: p.reference,
      lines: p.lines,
    });
    return [{ to: { role: 'partner', email: p.email }, email: [mail] }];
  },
  async reminder_due({ db, ctx }, e) {
    const r = await repo.reminderHours(db, e.appointmentIds);
    if (!r) return [];
    const mail = reminderMail(ctx, {
      email: r.customer.email,
      name: r.customer.name,
      room: r.room.name,
      clinic: r.clinic,
      location: clinicLocation(r.clinic, r.address),
      starts: r.starts,
    });
    return [{ to: { role: 'customer', email: r.customer.email }, email: [mail] }];
  },
};

/** The messages an event makes, read with `db` (the event's transaction). */
export function messagesFor(
  deps: Pick<Services, 'config' | 'clock'>,
  db: Executor,
  event: NotificationEvent,
): Promise<Message[]> {
  const rule = rules[event.kind] as Rule<typeof event.kind>;
  return rule({ db, ctx: mailContext(deps) }, event as never);
}
