/**
 * The operator's desk (DESIGN §9): bookings newest first with a search over the people and rooms
 * they involve, filtered by status, by the dates of their hours and by person; one booking with its
 * hours, payment, refunds, the messages sent about it (mails and WhatsApp) and its history; and the
 * operator's cancel — every hour that can still be canceled, in one transaction through the
 * lifecycle (full refund per the table, the specialist mailed as in any cancellation), its reason
 * kept in the audit log.
 */
import { formatPhone } from '#common/br/masks';
import {
  type DeskBooking,
  type DeskBookingDetail,
  type DeskMail,
  deskMessages,
} from '#common/contracts/desk';
import { findTransition } from '#common/domain/lifecycle';
import { AppError } from '#common/errors';
import { toZonedIso } from '#common/time/zone';
import { pageMeta } from '../../lib/paging.ts';
import type { Services } from '../../services.ts';
import type { UserRow } from '../auth/user.repository.ts';
import { cancelLocked, onBooking, transition } from '../lifecycle/lifecycle.service.ts';
import { when } from '../notifications/mails/booking.mails.ts';
import * as audit from './audit.repository.ts';
import { historyOf } from './desk.history.ts';
import * as repo from './desk.repository.ts';

type Row = Record<string, unknown>;
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const instant = (v: unknown) => new Date(v as string);

/**
 * A WhatsApp number as the desk shows it: "(21) 9••••-1234" — enough to tell which of the person's
 * numbers it went to, not enough to copy it off the screen.
 */
export function hiddenPhone(digits: string): string {
  return formatPhone(digits).replace(/(\) \d)(\d+)-/, (_, start, middle: string) => {
    return `${start}${'•'.repeat(middle.length)}-`;
  });
}

function appointmentsByBooking(rows: Row[]) {
  const out = new Map<number, Row[]>();
  for (const r of rows) {
    const list = out.get(Number(r.booking_id)) ?? [];
    list.push(r);
    out.set(Number(r.booking_id), list);
  }
  return out;
}

const toBooking = (r: Row, appointments: Row[]): DeskBooking => {
  const tz = String(r.timezone);
  return {
    uuid: String(r.uuid),
    customer: {
      uuid: String(r.customer_uuid),
      name: String(r.customer_name),
      email: String(r.customer_email),
    },
    outside: r.outside_name ? { name: String(r.outside_name), email: str(r.outside_email) } : null,
    room: { uuid: String(r.room_uuid), name: String(r.room_name) },
    clinic: { uuid: String(r.clinic_uuid), name: String(r.clinic_name) },
    status: String(r.status),
    amount_cents: Number(r.amount_cents),
    payment_method: String(r.payment_method),
    payment_status: str(r.payment_status),
    created_at: toZonedIso(instant(r.created_at), tz),
    appointments: appointments.map((a) => ({
      uuid: String(a.uuid),
      date_time: toZonedIso(instant(a.starts_at), tz),
      status: String(a.status),
    })),
  };
};

export async function listBookings(s: Services, q: repo.BookingFilter & { page: number; per_page: number }) {
  const where = repo.bookingFilter(q);
  const [total, rows] = await Promise.all([
    repo.countBookings(s.db, where),
    repo.bookingRows(s.db, where, { limit: q.per_page, offset: (q.page - 1) * q.per_page }),
  ]);
  const appts = appointmentsByBooking(
    await repo.appointmentsOf(
      s.db,
      rows.map((r) => Number(r.id)),
    ),
  );
  return {
    data: rows.map((r) => toBooking(r, appts.get(Number(r.id)) ?? [])),
    meta: pageMeta(total, q.page, q.per_page),
  };
}

const person = (name: unknown, email: unknown, role: unknown) =>
  name ? { name: String(name), email: String(email), role_name: String(role) } : null;

function addressOf(r: Row): string | null {
  if (!r.street) return null;
  return `${r.street}, ${r.number} - ${r.neighborhood}, ${r.city}/${r.state}`;
}

export async function bookingDetail(s: Services, uuid: string): Promise<DeskBookingDetail> {
  const r = await repo.bookingByUuid(s.db, uuid);
  if (!r) throw new AppError('not_found', deskMessages.notFound);
  const id = Number(r.id);
  const tz = String(r.timezone);
  const zoned = (v: unknown) => (v ? toZonedIso(instant(v), tz) : null);
  const [appts, p] = await Promise.all([repo.appointmentsOf(s.db, [id]), repo.paymentOf(s.db, id)]);
  const paymentId = p ? Number(p.id) : undefined;
  const [refunds, events, cancels, mails] = await Promise.all([
    paymentId ? repo.refundsOf(s.db, paymentId) : [],
    paymentId ? repo.paymentEventsOf(s.db, paymentId) : [],
    repo.operatorCancelsOf(s.db, Number(r.customer_id), uuid),
    repo.messagesAbout(s.db, {
      bookingId: id,
      appointmentIds: appts.map((a) => Number(a.id)),
      since: instant(r.created_at),
      recipients: [String(r.customer_email), ...(r.outside_email ? [String(r.outside_email)] : [])],
      room: String(r.room_name),
      hours: appts.map((a) => when(instant(a.starts_at), tz)),
      pixCode: str(p?.pix_copy_paste),
      paymentUuid: str(p?.uuid),
    }),
  ]);
  const booking = toBooking(r, appts);
  const payment = p
    ? {
        uuid: String(p.uuid),
        method: String(p.method),
        status: String(p.status),
        amount_cents: Number(p.amount_cents),
        refunded_cents: Number(p.refunded_cents),
        provider_ref: str(p.provider_ref),
        paid_at: zoned(p.paid_at),
        card: p.card_brand ? { brand: String(p.card_brand), last4: String(p.card_last4) } : null,
      }
    : null;
  const detail: Omit<DeskBookingDetail, 'history'> = {
    ...booking,
    clinic: {
      ...booking.clinic,
      address: addressOf(r),
      timezone: tz,
      partner: { uuid: String(r.partner_uuid), name: String(r.partner_name), email: String(r.partner_email) },
    },
    note: str(r.note),
    series_uuid: str(r.series_uuid),
    appointments: appts.map((a) => ({
      uuid: String(a.uuid),
      date_time: toZonedIso(instant(a.starts_at), tz),
      ends_at: toZonedIso(instant(a.ends_at), tz),
      status: String(a.status),
      price_cents: Number(a.price_cents),
      refund_cents: Number(a.refund_cents),
      canceled_at: zoned(a.canceled_at),
      canceled_by: person(a.canceled_by_name, a.canceled_by_email, a.canceled_by_role),
    })),
    payment,
    refunds: refunds.map((f) => ({
      uuid: String(f.uuid),
      amount_cents: Number(f.amount_cents),
      status: String(f.status),
      reason: String(f.reason),
      created_at: toZonedIso(instant(f.created_at), tz),
    })),
    mails: mails.map((m) => {
      const whatsapp = m.channel === 'whatsapp';
      return {
        uuid: String(m.uuid),
        channel: whatsapp ? 'whatsapp' : 'email',
        subject: String(m.subject),
        template: str(m.template),
        recipient: whatsapp ? hiddenPhone(String(m.recipient)) : String(m.recipient),
        status: String(m.status),
        delivery_status: (str(m.delivery_status) as DeskMail['delivery_status']) ?? null,
        delivery_updated_at: zoned(m.delivery_updated_at),
        created_at: toZonedIso(instant(m.created_at), tz),
        sent_at: zoned(m.sent_at),
      };
    }),
  };
  return {
    ...detail,
    history: historyOf({
      booking: {
        createdAt: instant(r.created_at),
        updatedAt: instant(r.updated_at),
        holdExpiresAt: r.hold_expires_at ? instant(r.hold_expires_at) : null,
        status: String(r.status),
      },
      detail,
      payment: p ? { paidAt: p.paid_at ? instant(p.paid_at) : null } : null,
      events: events.map((e) => ({
        type: String(e.type),
        source: String(e.source),
        changed: Boolean(e.changed),
        at: instant(e.received_at),
      })),
      cancels: cancels.map((c) => ({
        at: instant(c.created_at),
        reason: String((c.details as Record<string, unknown>)?.reason ?? ''),
        actor: person(c.name, c.email, c.role),
      })),
      canceledAt: appts.map((a) => (a.canceled_at ? instant(a.canceled_at) : null)),
      refundsAt: refunds.map((f) => instant(f.created_at)),
      tz,
    }),
  };
}

/**
 * Cancels every hour of the booking that the table still lets the operator cancel, and writes the
 * reason to the audit log (the person's trail and the booking's history) in the same transaction.
 */
export async function cancelBooking(
  s: Services,
  operator: UserRow,
  uuid: string,
  reason: string,
): Promise<DeskBookingDetail> {
  const id = await repo.bookingIdByUuid(s.db, uuid);
  if (id === undefined) throw new AppError('not_found', deskMessages.notFound);
  const actor = { kind: 'operator' as const, userId: operator.id };
  await transition(s, (tx, fx) =>
    onBooking(tx, id, fx, async (t2, locked, f2) => {
      const now = s.clock();
      const open = locked.items.filter((a) =>
        findTransition(
          a.status,
          'canceled',
          'operator',
          { ...a, holdExpiresAt: locked.booking.holdExpiresAt },
          now,
        ),
      );
      if (open.length === 0) throw new AppError('conflict', deskMessages.nothingToCancel);
      // An unpaid booking goes whole with its first hour; each paid hour is refunded in full.
      let canceled = 0;
      let refunded = 0;
      for (const a of open) {
        const current = locked.items.find((x) => x.id === a.id)!;
        if (current.status === 'canceled') continue;
        const result = await cancelLocked(s, t2, locked, f2, actor, a.id);
        current.status = 'canceled';
        canceled += 1;
        refunded += result.refund_cents;
        if (result.whole_booking) {
          canceled = open.length;
          break;
        }
      }
      await audit.record(t2, {
        actorId: operator.id,
        targetUserId: locked.booking.customerId,
        action: 'booking.canceled',
        details: { booking: uuid, reason, canceled_appointments: canceled, refunded_cents: refunded },
        now,
      });
    }),
  );
  return bookingDetail(s, uuid);
}
