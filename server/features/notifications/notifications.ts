/**
 * Who hears of what, and how (STYLE 17): for each kind of event (events.ts), the messages it makes
 * — to whom (a role and an address) and in each channel's words. The moves beside this table
 * (features/lifecycle, and the jobs and flows that record events) never name a mail; a new channel
 * is one more field of `Message` and one more writer in notify.service.ts, and no move changes.
 * notifications.test.ts prints the table.
 *
 * Every message reads the rows with the transaction of its event, so it tells what the move left.
 *
 * WhatsApp (DESIGN §10): a person who opted in hears on WhatsApp too — the specialist of a booking
 * confirmed, canceled by the clinic, a waitlist offer, a horário fixo's month paid or refused, a Pix
 * about to expire, "starts soon" and the invitation to review a finished booking; the partner of a new booking and a cancellation in its rooms.
 * Messages told only on WhatsApp are written only for people who opted in, with their mail kept
 * for when WhatsApp fails (whatsapp.messages.ts).
 */
import type { Executor } from '../../db/client.ts';
import type { MessageChannel, users } from '../../db/schema.ts';
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
import { reviewInvitationMail } from './mails/review.mails.ts';
import { waitlistOfferMail } from './mails/waitlist.mails.ts';
import * as repo from './notifications.repository.ts';
import {
  bookingSoonNote,
  canceledNote,
  confirmedNote,
  partnerBookedNote,
  partnerCanceledNote,
  pixExpiringNote,
  reviewInvitationNote,
  seriesRefusedNote,
  type WhatsAppNote,
  waitlistOfferNote,
} from './whatsapp.messages.ts';

/**
 * What telling needs: the transaction's rows, the clock, the links and sender, the outbox, and
 * whether WhatsApp is on.
 */
export type NotifyDeps = Pick<Services, 'db' | 'clock' | 'mailer' | 'config' | 'whatsapp'>;

/** Who a message is for, as the table names them. */
export type RecipientRole = 'customer' | 'outside_person' | 'operator' | 'partner';

export interface Recipient {
  role: RecipientRole;
  email: string;
  /** The person's account (none for people off the platform). */
  userId?: number;
  /** The WhatsApp number the person consented for (`55…`); absent: mail only. */
  whatsapp?: string;
}

/** One message to one person, in the words of each channel it can go on. */
export interface Message {
  to: Recipient;
  /** E-mail: one mail, or more when a booking's further calendar events travel alone (first). */
  email: BookingMail[];
  /** WhatsApp: the templates it goes as, for a person who opted in (`channelsFor`). */
  whatsapp?: WhatsAppNote[];
  /**
   * Written only while this allowance lasts, counted in the event's transaction (mails to people
   * off the platform, DESIGN §10): past it the move stands and the message is not written.
   */
  allowance?: { rules: ThrottleRule[]; subject: string };
}

/**
 * The channels a person hears on. E-mail always goes, for everyone, as it always did; WhatsApp too
 * for a person who opted in (a consented number), while WhatsApp is on.
 */
export function channelsFor(deps: Pick<Services, 'whatsapp'>, to: Recipient): MessageChannel[] {
  return deps.whatsapp && to.whatsapp ? ['email', 'whatsapp'] : ['email'];
}

type Person = Pick<typeof users.$inferSelect, 'id' | 'email' | 'whatsappPhone' | 'whatsappOptedInAt'>;

/** A person of the platform as a recipient, with their WhatsApp number if they opted in. */
export const recipient = (role: RecipientRole, p: Person): Recipient => ({
  role,
  email: p.email,
  userId: p.id,
  ...(p.whatsappOptedInAt && p.whatsappPhone ? { whatsapp: p.whatsappPhone } : {}),
});

/** A message told only on WhatsApp: none for a person who did not opt in. */
const onWhatsAppOnly = (to: Recipient, note: WhatsAppNote | undefined): Message[] =>
  to.whatsapp && note ? [{ to, email: [], whatsapp: [note] }] : [];

interface Reading {
  db: Executor;
  ctx: MailContext;
}

type Rule<K extends NotificationEvent['kind']> = (r: Reading, event: EventOf<K>) => Promise<Message[]>;

type DetailedBooking = Awaited<ReturnType<typeof repo.bookingDetails>>;

const customerOf = (d: DetailedBooking, email: BookingMail[], note?: WhatsAppNote): Message[] =>
  email.length
    ? [{ to: recipient('customer', d.customer), email, ...(note ? { whatsapp: [note] } : {}) }]
    : [];

/** The partner owning the booking's room, as a recipient (told only on WhatsApp), and its name. */
async function partnerOf(db: Executor, d: DetailedBooking) {
  const partner = await repo.partnerOf(db, d.clinic.partnerId);
  return partner && { to: recipient('partner', partner), name: partner.name };
}

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
    const partner = await partnerOf(db, d);
    return [
      ...customerOf(d, [...receipt, ...confirmedMails(ctx, d)], confirmedNote(ctx, d)),
      ...(partner ? onWhatsAppOnly(partner.to, partnerBookedNote(ctx, d, partner.name)) : []),
    ];
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
    const partner = await partnerOf(db, d);
    return [
      ...customerOf(d, canceledMails(ctx, d, e), canceledNote(ctx, d, e)),
      ...(partner ? onWhatsAppOnly(partner.to, partnerCanceledNote(ctx, d, e, partner.name)) : []),
    ];
  },
  async series_charge_refused({ db, ctx }, e) {
    const d = await repo.bookingDetails(db, e.bookingId);
    return customerOf(d, [seriesChargeRefusedMail(d)], seriesRefusedNote(ctx, d));
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
            to: recipient('customer', row.customer),
            email: [waitlistOfferMail(ctx.publicUrl, row)],
            whatsapp: [waitlistOfferNote(ctx, row)],
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
  async booking_soon({ db, ctx }, e) {
    const r = await repo.reminderHours(db, e.appointmentIds);
    if (!r) return [];
    const location = clinicLocation(r.clinic, r.address);
    return onWhatsAppOnly(recipient('customer', r.customer), bookingSoonNote(ctx, { ...r, location }));
  },
  async pix_expiring({ db, ctx }, e) {
    const d = await repo.bookingDetails(db, e.bookingId);
    // Paid or let go meanwhile: nothing to hurry.
    if (d.booking.status !== 'pending_payment' || d.payment.status !== 'pending') return [];
    return onWhatsAppOnly(recipient('customer', d.customer), pixExpiringNote(ctx, d));
  },
  // The specialist of a finished booking is asked to rate the room (mail, and WhatsApp if chosen).
  async review_invitation({ db, ctx }, e) {
    const r = await repo.reviewInvitation(db, e.bookingId);
    if (!r) return [];
    return [
      {
        to: recipient('customer', r.customer),
        email: [reviewInvitationMail(ctx.publicUrl, r)],
        whatsapp: [reviewInvitationNote(ctx, r)],
      },
    ];
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
