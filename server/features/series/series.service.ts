/**
 * Horário fixo (decision 0024): a weekly series, every occurrence checked before anything is held,
 * one booking per calendar month — the first paid at once (card or Pix), the others charged by the
 * lifecycle's job a few days before their month (series.lifecycle.ts).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Series, SeriesPreview, seriesBody } from '#common/contracts/series';
import { bufferAfter, minimumStretch, ruleMessages } from '#common/domain/booking-rules';
import {
  chargeMoment,
  monthOf,
  type Occurrence,
  SERIES_GRACE_DAYS,
  seriesMessages,
  seriesOccurrences,
} from '#common/domain/series';
import { AppError } from '#common/errors';
import { slotPriceCents } from '#common/money';
import { toZonedIso, weekdayOf, zonedDate } from '#common/time/zone';
import { appointments, bookings, clinics, payments, rooms, series } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import { holdActivePerson, type UserRow } from '../auth/user.repository.ts';
import { roomAvailability } from '../availability/availability.service.ts';
import {
  assertFollowsRules,
  bookableRoom,
  chargeNewBooking,
  chosenCard,
  failed,
  getBooking,
  PIX_HOLD_MINUTES,
} from '../bookings/booking.service.ts';
import { assertCardAttemptsLeft, assertMayBookAtAll } from '../bookings/booking-policy.ts';
import { insertHold, isSlotConflict } from '../lifecycle/lifecycle.repository.ts';
import { cancelSeries, seriesDeclined, skipSeriesWeek } from '../lifecycle/series.lifecycle.ts';

type Body = z.output<typeof seriesBody>;
const DAY = 86_400_000;

/** The series laid out: each occurrence free, taken or skipped, under the room's rules. */
async function plan(s: Services, body: Body) {
  const { room, clinic } = await bookableRoom(s, body.room_uuid);
  const first = new Date(body.date_time);
  const firstDate = zonedDate(first, clinic.timezone);
  const time = toZonedIso(first, clinic.timezone).slice(11, 16);
  const { rules } = await roomAvailability(s, room.uuid, []);
  if (body.minutes % rules.slot_minutes !== 0 || body.minutes < minimumStretch(rules)) {
    const message =
      body.minutes < minimumStretch(rules)
        ? ruleMessages.tooShort(minimumStretch(rules))
        : ruleMessages.offGrid(rules.slot_minutes);
    throw failed(message, 'minutes', 'validation');
  }
  const now = s.clock();
  assertFollowsRules([first.getTime()], rules, now);
  const occurrences = seriesOccurrences({
    firstDate,
    time,
    timezone: clinic.timezone,
    minutes: body.minutes,
    slotMinutes: rules.slot_minutes,
    weeks: body.weeks,
    until: new Date(now.getTime() + rules.max_days_ahead * DAY),
  });
  const { days } = await roomAvailability(
    s,
    room.uuid,
    occurrences.map((o) => o.date),
  );
  const free = new Set(
    days.flatMap((d) => d.slots.filter((x) => x.available).map((x) => new Date(x.date_time).getTime())),
  );
  const skip = new Set(body.skip_dates);
  const laid = occurrences.map((o) => ({
    ...o,
    state: skip.has(o.date)
      ? ('skipped' as const)
      : o.starts.every((iso) => free.has(Date.parse(iso)))
        ? ('free' as const)
        : ('taken' as const),
  }));
  const slotPrice = slotPriceCents(room.pricePerMinute, rules.slot_minutes);
  return { room, clinic, rules, laid, slotPrice, now };
}

/** The free occurrences grouped by calendar month, in order. */
function monthsOf(list: Occurrence[]): [string, Occurrence[]][] {
  const months = new Map<string, Occurrence[]>();
  for (const o of list) months.set(monthOf(o.date), [...(months.get(monthOf(o.date)) ?? []), o]);
  return [...months];
}

export async function previewSeries(s: Services, body: Body): Promise<SeriesPreview> {
  const { clinic, laid, slotPrice, now } = await plan(s, body);
  const months = monthsOf(laid.filter((o) => o.state === 'free'));
  return {
    occurrences: laid.map((o) => ({ date: o.date, date_time: o.starts[0]!, state: o.state })),
    months: months.map(([month, list], i) => ({
      month,
      weeks: list.length,
      amount_cents: list.reduce((sum, o) => sum + o.starts.length * slotPrice, 0),
      charge_at: toZonedIso(i === 0 ? now : chargeMoment(month, clinic.timezone, now), clinic.timezone),
    })),
  };
}

export async function createSeries(s: Services, user: UserRow, body: Body) {
  await assertMayBookAtAll(s, user);
  const card = body.payment_method === 'card' ? await chosenCard(s, user, body.card_uuid) : undefined;
  if (card) await assertCardAttemptsLeft(s, user);
  const { room, clinic, rules, laid, slotPrice, now } = await plan(s, body);
  const taken = laid.filter((o) => o.state === 'taken');
  if (taken.length) {
    const dates = taken.map((o) => o.date);
    throw new AppError('conflict', seriesMessages.conflicts, {
      errors: {
        skip_dates: [
          `${seriesMessages.conflicts} ${dates.map((d) => d.split('-').reverse().join('/')).join(', ')}`,
        ],
      },
      extra: { conflicts: dates },
    });
  }
  const chosen = laid.filter((o) => o.state === 'free');
  if (chosen.length === 0) throw failed(seriesMessages.nothingLeft, 'date_time', 'validation');
  const months = monthsOf(chosen);
  const firstHold = new Date(now.getTime() + PIX_HOLD_MINUTES * 60_000);

  let created: { seriesId: number; bookingId: number; paymentUuid: string; amount: number };
  try {
    created = await s.db.transaction(async (tx) => {
      await holdActivePerson(tx, user.id);
      const [row] = await tx
        .insert(series)
        .values({
          customerId: user.id,
          roomId: room.id,
          firstStartsAt: new Date(laid[0]!.starts[0]!),
          minutes: body.minutes,
          weeks: body.weeks,
          skippedDates: laid.filter((o) => o.state === 'skipped').map((o) => o.date),
          paymentMethod: body.payment_method,
          cardId: card?.id ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      let first: { bookingId: number; paymentUuid: string; amount: number } | undefined;
      for (const [i, [month, list]] of months.entries()) {
        const starts = list.flatMap((o) => o.starts.map((iso) => Date.parse(iso)));
        const amount = starts.length * slotPrice;
        const buffer = bufferAfter(starts, rules);
        const chargeAt = i === 0 ? null : chargeMoment(month, clinic.timezone, now);
        const held = await insertHold(tx, {
          customerId: user.id,
          roomId: room.id,
          method: body.payment_method,
          provider: s.payments.name,
          cardId: card?.id,
          holdExpiresAt: chargeAt ? new Date(chargeAt.getTime() + SERIES_GRACE_DAYS * DAY) : firstHold,
          seriesId: row!.id,
          chargeAt,
          starts,
          slotMs: rules.slot_minutes * 60_000,
          priceCents: slotPrice,
          buffer,
          now,
        });
        if (i === 0) first = { bookingId: held.bookingId, paymentUuid: held.paymentUuid, amount };
      }
      return { seriesId: row!.id, ...first! };
    });
  } catch (err) {
    if (isSlotConflict(err)) throw failed(seriesMessages.conflicts);
    throw err;
  }
  await chargeNewBooking(s, user, {
    bookingId: created.bookingId,
    paymentUuid: created.paymentUuid,
    amount: created.amount,
    method: body.payment_method,
    card,
    cardToken: body.card_token ?? undefined,
    installments: 1,
    holdExpiresAt: firstHold,
    description: `${room.name} — ${clinic.name} (horário fixo, ${monthOf(chosen[0]!.date)})`,
    onDeclined: () => seriesDeclined(s, created.seriesId),
  });
  return {
    series: (await seriesViews(s, user.id, [created.seriesId]))[0]!,
    booking: await getBooking(s, created.bookingId, clinic.timezone),
  };
}

/** The person's horários fixos, newest first. */
export async function listSeries(s: Services, user: UserRow): Promise<Series[]> {
  const ids = await s.db
    .select({ id: series.id })
    .from(series)
    .where(eq(series.customerId, user.id))
    .orderBy(asc(series.id));
  return (
    await seriesViews(
      s,
      user.id,
      ids.map((r) => r.id),
    )
  ).reverse();
}

async function ownSeries(s: Services, user: UserRow, uuid: string) {
  const [row] = await s.db
    .select({ series, timezone: clinics.timezone })
    .from(series)
    .innerJoin(rooms, eq(rooms.id, series.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(and(eq(series.uuid, uuid), eq(series.customerId, user.id)));
  if (!row) throw new AppError('not_found', seriesMessages.notFound);
  return row;
}

export async function skipWeek(s: Services, user: UserRow, uuid: string, date: string) {
  const { series: row, timezone } = await ownSeries(s, user, uuid);
  const out = await skipSeriesWeek(s, { kind: 'customer', userId: user.id }, row.id, date, timezone);
  return { series: (await seriesViews(s, user.id, [row.id]))[0]!, ...out };
}

export async function cancelWhole(s: Services, user: UserRow, uuid: string) {
  const { series: row } = await ownSeries(s, user, uuid);
  const out = await cancelSeries(s, { kind: 'customer', userId: user.id }, row.id);
  return { series: (await seriesViews(s, user.id, [row.id]))[0]!, ...out };
}

/** The series as their owner sees them: room, weekday and hours, and each month's booking. */
async function seriesViews(s: Services, customerId: number, ids: number[]): Promise<Series[]> {
  if (ids.length === 0) return [];
  const rows = await s.db
    .select({ series, room: rooms, clinic: clinics })
    .from(series)
    .innerJoin(rooms, eq(rooms.id, series.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(and(inArray(series.id, ids), eq(series.customerId, customerId)));
  const months = await s.db
    .select({ booking: bookings, payment: payments })
    .from(bookings)
    .innerJoin(payments, eq(payments.bookingId, bookings.id))
    .where(inArray(bookings.seriesId, ids))
    .orderBy(asc(bookings.id));
  const hours = await s.db
    .select({
      bookingId: appointments.bookingId,
      startsAt: appointments.startsAt,
      status: appointments.status,
    })
    .from(appointments)
    .innerJoin(bookings, eq(bookings.id, appointments.bookingId))
    .where(inArray(bookings.seriesId, ids))
    .orderBy(asc(appointments.startsAt));
  const byId = new Map(rows.map((r) => [r.series.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const tz = r.clinic.timezone;
    const first = toZonedIso(r.series.firstStartsAt, tz);
    return [
      {
        uuid: r.series.uuid,
        status: r.series.status as Series['status'],
        room: { uuid: r.room.uuid, name: r.room.name, clinic: r.clinic.name },
        weekday: weekdayOf(first.slice(0, 10)),
        time: first.slice(11, 16),
        minutes: r.series.minutes,
        weeks: r.series.weeks,
        first_date: first.slice(0, 10),
        skipped_dates: r.series.skippedDates,
        payment_method: r.series.paymentMethod as Series['payment_method'],
        months: months
          .filter((m) => m.booking.seriesId === id)
          .map((m) => {
            const own = hours.filter((h) => h.bookingId === m.booking.id);
            return {
              month: own[0] ? zonedDate(own[0].startsAt, tz).slice(0, 7) : '',
              booking_uuid: m.booking.uuid,
              status: m.booking.status,
              payment_status: m.payment.status,
              amount_cents: m.booking.amountCents,
              charge_at: m.booking.chargeAt ? toZonedIso(m.booking.chargeAt, tz) : null,
              dates: [
                ...new Set(own.filter((h) => h.status !== 'canceled').map((h) => zonedDate(h.startsAt, tz))),
              ],
            };
          }),
      },
    ];
  });
}
