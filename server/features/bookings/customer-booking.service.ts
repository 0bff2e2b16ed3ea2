/**
 * The specialist's bookings (DESIGN §9 "The operator's desk and the specialist's booking", decision
 * 0037): "Meus agendamentos" one row per booking (its hours together) and one per horário fixo (its
 * weeks together); one booking with its place, hours, payment — the Pix to pay again while it can
 * be paid — and refunds. The booking's cancel is in customer-booking.cancel.ts.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  type CustomerBooking,
  customerBookingMessages,
  FREE_CANCELLATION_HOURS,
  type MyBooking,
  type MyBookingHour,
} from '#common/contracts/booking';
import type { PageMeta } from '#common/contracts/rooms';
import { allowedMoves } from '#common/domain/lifecycle';
import { AppError } from '#common/errors';
import { toZonedIso, weekdayOf, zonedDate } from '#common/time/zone';
import { bookings } from '../../db/schema.ts';
import { pageMeta } from '../../lib/paging.ts';
import { qrDataUrl } from '../../lib/qr.ts';
import type { Services } from '../../services.ts';
import type { UserRow } from '../auth/user.repository.ts';
import * as repo from './customer-booking.repository.ts';
import { receiptParties } from './receipt.repository.ts';

const HOLDING = ['pending_payment', 'confirmed'];

type HourRow = Awaited<ReturnType<typeof repo.hoursOfBookings>>[number];
type RefundRow = Awaited<ReturnType<typeof repo.refundsOfPayments>>[number];
type PaymentRow = NonNullable<Awaited<ReturnType<typeof repo.bookingsWithPlace>>[number]['payment']>;

const refundable = (startsAt: Date, now: Date) =>
  startsAt.getTime() - now.getTime() >= FREE_CANCELLATION_HOURS * 3_600_000;

function toHour(a: HourRow, timezone: string, now: Date): MyBookingHour {
  return {
    uuid: a.uuid,
    date_time: toZonedIso(a.startsAt, timezone),
    ends_at: toZonedIso(a.endsAt, timezone),
    status: a.status,
    price_cents: a.priceCents,
    refund_cents: a.refundCents,
    cancelable: allowedMoves(a.status, 'customer', a, now).includes('canceled'),
    refundable: refundable(a.startsAt, now),
  };
}

/** What came back or is coming back: refunds not failed; failed ones only when nothing else. */
function refundSummary(list: RefundRow[]): MyBooking['refund'] {
  const live = list.filter((r) => r.status !== 'failed');
  if (live.length) {
    return {
      amount_cents: live.reduce((sum, r) => sum + r.amountCents, 0),
      status: live.some((r) => r.status === 'pending') ? 'pending' : 'succeeded',
    };
  }
  if (list.length) return { amount_cents: list.reduce((sum, r) => sum + r.amountCents, 0), status: 'failed' };
  return null;
}

/** The Pix can still be paid: its charge is out, the booking still waits for it, the hold runs. */
const pixOpen = (p: PaymentRow | null, bookingStatus: string, now: Date) =>
  Boolean(
    p &&
      p.method === 'pix' &&
      p.status === 'pending' &&
      bookingStatus === 'pending_payment' &&
      p.pixCopyPaste &&
      p.pixExpiresAt &&
      p.pixExpiresAt.getTime() > now.getTime(),
  );

/** "Cancelar reserva" may be offered: an hour is still cancelable, and it is no horário fixo's month. */
const bookingCancelable = (seriesId: number | null, hours: MyBookingHour[]) =>
  seriesId === null && hours.some((h) => h.cancelable);

type BookingWithPlace = Awaited<ReturnType<typeof repo.bookingsWithPlace>>[number];
type SeriesWithPlace = Awaited<ReturnType<typeof repo.seriesWithPlace>>[number];

/** A booking's row: all its hours, what it cost or what came back, its Pix while payable. */
function bookingRow(b: BookingWithPlace, own: HourRow[], refunds: RefundRow[], now: Date): MyBooking {
  const tz = b.clinic.timezone;
  const hours = own.map((a) => toHour(a, tz, now));
  return {
    kind: 'booking',
    uuid: b.booking.uuid,
    status: b.booking.status,
    room: { uuid: b.room.uuid, name: b.room.name },
    clinic: { uuid: b.clinic.uuid, name: b.clinic.name },
    appointments: hours,
    amount_cents: b.booking.amountCents,
    refund: refundSummary(refunds),
    payment: b.payment
      ? {
          uuid: b.payment.uuid,
          method: b.payment.method,
          status: b.payment.status,
          pix_expires_at: pixOpen(b.payment, b.booking.status, now)
            ? toZonedIso(b.payment.pixExpiresAt!, tz)
            : null,
        }
      : null,
    cancelable: bookingCancelable(b.booking.seriesId, hours),
    series: null,
  };
}

/** A horário fixo's row: its next week's hours, the weeks ahead, what a week costs. */
function seriesRow(r: SeriesWithPlace, all: HourRow[], now: Date): MyBooking {
  const tz = r.clinic.timezone;
  const held = all.filter((h) => HOLDING.includes(h.status) && h.startsAt > now);
  const nextDate = held[0] ? zonedDate(held[0].startsAt, tz) : null;
  const first = toZonedIso(r.series.firstStartsAt, tz);
  // What one week costs: the hours of its first booked week (a week taken at booking has none).
  const firstDay = all[0] ? zonedDate(all[0].startsAt, tz) : null;
  const week = all.filter((h) => zonedDate(h.startsAt, tz) === firstDay);
  return {
    kind: 'series',
    uuid: r.series.uuid,
    status: r.series.status,
    room: { uuid: r.room.uuid, name: r.room.name },
    clinic: { uuid: r.clinic.uuid, name: r.clinic.name },
    appointments: held.filter((h) => zonedDate(h.startsAt, tz) === nextDate).map((a) => toHour(a, tz, now)),
    amount_cents: week.reduce((sum, h) => sum + h.priceCents, 0),
    refund: null,
    payment: null,
    cancelable: false,
    series: {
      weekday: weekdayOf(first.slice(0, 10)),
      time: first.slice(11, 16),
      minutes: r.series.minutes,
      weeks: r.series.weeks,
      upcoming_weeks: new Set(held.map((h) => zonedDate(h.startsAt, tz))).size,
    },
  };
}

export async function listMyBookings(
  s: Services,
  user: UserRow,
  q: { page: number; per_page: number; dateInit?: string; dateEnd?: string },
): Promise<{ data: MyBooking[]; meta: PageMeta }> {
  const now = s.clock();
  const { keys, total } = await repo.bookingRowKeys(s.db, {
    customerId: user.id,
    now,
    days: { dateInit: q.dateInit, dateEnd: q.dateEnd },
    limit: q.per_page,
    offset: (q.page - 1) * q.per_page,
  });
  const bookingIds = keys.flatMap((k) => (k.bookingId === null ? [] : [k.bookingId]));
  const seriesIds = keys.flatMap((k) => (k.seriesId === null ? [] : [k.seriesId]));
  const [booked, hours, seriesRows, seriesHours] = await Promise.all([
    bookingIds.length
      ? repo.bookingsWithPlace(s.db, and(eq(bookings.customerId, user.id), inArray(bookings.id, bookingIds)))
      : Promise.resolve([]),
    repo.hoursOfBookings(s.db, bookingIds),
    repo.seriesWithPlace(s.db, user.id, seriesIds),
    repo.hoursOfSeries(s.db, seriesIds),
  ]);
  const refunds = await repo.refundsOfPayments(
    s.db,
    booked.flatMap((b) => (b.payment ? [b.payment.id] : [])),
  );

  const rows = keys.flatMap((key): MyBooking[] => {
    if (key.bookingId !== null) {
      const b = booked.find((x) => x.booking.id === key.bookingId);
      if (!b) return [];
      const own = hours.filter((a) => a.bookingId === b.booking.id);
      const paid = refunds.filter((r) => r.paymentId === b.payment?.id);
      return [bookingRow(b, own, paid, now)];
    }
    const r = seriesRows.find((x) => x.series.id === key.seriesId);
    return r
      ? [
          seriesRow(
            r,
            seriesHours.filter((h) => h.seriesId === r.series.id).map((h) => h.hour),
            now,
          ),
        ]
      : [];
  });
  return { data: rows, meta: pageMeta(total, q.page, q.per_page) };
}

/** The person's own booking (another person's answers 404, as a missing one). */
export async function ownBooking(s: Services, user: UserRow, uuid: string) {
  const [row] = await repo.bookingsWithPlace(
    s.db,
    and(eq(bookings.uuid, uuid), eq(bookings.customerId, user.id), ne(bookings.paymentMethod, 'manual')),
  );
  if (!row) throw new AppError('not_found', customerBookingMessages.notFound);
  return row;
}

export async function myBooking(s: Services, user: UserRow, uuid: string): Promise<CustomerBooking> {
  const { booking, room, clinic, payment } = await ownBooking(s, user, uuid);
  const now = s.clock();
  const tz = clinic.timezone;
  const [hours, refunds, address, card, seriesUuid] = await Promise.all([
    repo.hoursOfBookings(s.db, [booking.id]),
    repo.refundsOfPayments(s.db, payment ? [payment.id] : []),
    repo.clinicAddress(s.db, clinic.addressId),
    repo.cardById(s.db, payment?.cardId ?? null),
    repo.seriesUuid(s.db, booking.seriesId),
  ]);
  const own = hours.map((a) => toHour(a, tz, now));
  return {
    uuid: booking.uuid,
    status: booking.status,
    amount_cents: booking.amountCents,
    created_at: toZonedIso(booking.createdAt, tz),
    customer: { name: user.name, email: user.email },
    room: { uuid: room.uuid, name: room.name },
    clinic: {
      uuid: clinic.uuid,
      name: clinic.name,
      timezone: tz,
      address: address
        ? {
            street: address.street,
            number: address.number,
            complement: address.complement ?? null,
            neighborhood: address.neighborhood,
            city: address.city,
            state: address.state,
            zip_code: address.zipCode,
          }
        : null,
    },
    appointments: own,
    payment: payment
      ? {
          uuid: payment.uuid,
          method: payment.method,
          status: payment.status,
          amount_cents: payment.amountCents,
          refunded_cents: payment.refundedCents,
          paid_at: payment.paidAt ? toZonedIso(payment.paidAt, tz) : null,
          card: card ? { brand: card.brand, last4: card.last4 } : null,
          pix: pixOpen(payment, booking.status, now)
            ? {
                copy_paste: payment.pixCopyPaste!,
                qr_code: await qrDataUrl(payment.pixCopyPaste!),
                expires_at: toZonedIso(payment.pixExpiresAt!, tz),
              }
            : null,
        }
      : null,
    refunds: refunds.map((r) => ({
      uuid: r.uuid,
      amount_cents: r.amountCents,
      status: r.status,
      reason: r.reason,
      created_at: toZonedIso(r.createdAt, tz),
    })),
    series_uuid: seriesUuid,
    cancelable: bookingCancelable(booking.seriesId, own),
    receipt: payment?.paidAt ? await receiptParties(s.db, booking.customerId, clinic.partnerId) : null,
  };
}
