/**
 * The lifecycle of a horário fixo's months (decision 0024), beside the one of single bookings and
 * through the same locks: every month is a booking, so paying, expiring and canceling it follow
 * DESIGN §8's table. Here: undoing a series whose first charge was declined, charging later months
 * when due (a refused card is tried again daily until the grace ends, then the hold job releases
 * the month), skipping a week and canceling the rest.
 */
import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import { bufferAfter } from '#common/domain/booking-rules';
import {
  chargeMoment,
  monthOf,
  SERIES_GRACE_DAYS,
  seriesMessages,
  seriesOccurrences,
} from '#common/domain/series';
import { AppError } from '#common/errors';
import { slotPriceCents } from '#common/money';
import { addDays, toZonedIso, zonedDate } from '#common/time/zone';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { appointments, bookings, cards, clinics, payments, rooms, series, users } from '../../db/schema.ts';
import { holdActivePerson } from '../auth/user.repository.ts';
import { roomAvailability } from '../availability/availability.service.ts';
import { splitFor } from '../payment-accounts/payment-account.service.ts';
import { chargeStarting } from './charge.lifecycle.ts';
import { clearChargeStarted, insertHold, isSlotConflict, setChargeAt } from './lifecycle.repository.ts';
import {
  type ActorRef,
  cancelLocked,
  chargeOpened,
  type Effects,
  type LifecycleDeps,
  type Locked,
  paymentCaptured,
  withBooking,
} from './lifecycle.service.ts';
import { payerOf } from './payer.ts';

const DAY = 86_400_000;
/** A claimed charge is not claimed again by another process for this long. */
const CHARGE_LEASE_MS = 10 * 60_000;

/** The first month's card was declined: nothing was charged, the whole series goes. */
export async function seriesDeclined(s: Pick<LifecycleDeps, 'db'>, seriesId: number): Promise<void> {
  await s.db.transaction(async (tx) => {
    await tx.select({ id: series.id }).from(series).where(eq(series.id, seriesId)).for('update');
    await tx.delete(bookings).where(eq(bookings.seriesId, seriesId));
    await tx.delete(series).where(eq(series.id, seriesId));
  });
}

/**
 * Charges the later months whose time has come, in any number of processes at once: each month is
 * claimed (SKIP LOCKED) and leased before the provider is called, so none is charged twice.
 */
export async function chargeDueSeriesMonths(s: LifecycleDeps): Promise<number> {
  const now = s.clock();
  const due = await s.db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`select b.id from bookings b
          where b.series_id is not null and b.status = 'pending_payment'
            and b.charge_at <= ${now.toISOString()}::timestamptz
            -- Never while the series' first month still awaits its card or Pix: a month whose
            -- charge date had passed when the series was made waits for it (decision 0024).
            and (select f.status from bookings f where f.series_id = b.series_id
                 order by f.id limit 1) <> 'pending_payment'
            -- Nor while an earlier attempt's answer never came (its process died mid-charge): the
            -- provider may hold it, and a new attempt (a new key) could charge twice. The
            -- reconciliation job attaches it, or ends the attempt (DESIGN §10).
            and not exists (select 1 from payments p where p.booking_id = b.id
                            and p.charge_started_at is not null and p.provider_ref is null)
          order by b.charge_at limit 50 for update skip locked`,
    );
    const ids = rows.map((r) => Number(r.id));
    if (ids.length)
      await tx
        .update(bookings)
        .set({
          chargeAt: new Date(now.getTime() + CHARGE_LEASE_MS),
          chargeAttempts: sql`${bookings.chargeAttempts} + 1`,
        })
        .where(inArray(bookings.id, ids));
    return ids;
  });
  for (const id of due) await chargeMonth(s, id).catch(() => undefined);
  return due.length;
}

async function chargeMonth(s: LifecycleDeps, bookingId: number): Promise<void> {
  const [row] = await s.db
    .select({ booking: bookings, payment: payments, series, customer: users, room: rooms, clinic: clinics })
    .from(bookings)
    .innerJoin(payments, eq(payments.bookingId, bookings.id))
    .innerJoin(series, eq(series.id, bookings.seriesId))
    .innerJoin(users, eq(users.id, bookings.customerId))
    .innerJoin(rooms, eq(rooms.id, bookings.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(eq(bookings.id, bookingId));
  if (row?.payment.status !== 'pending' || row.booking.status !== 'pending_payment') return;
  const { booking, payment } = row;
  const payer = await payerOf(s, row.customer);
  const description = `${row.room.name} — ${row.clinic.name} (horário fixo, ${zonedDate(booking.holdExpiresAt ?? s.clock(), row.clinic.timezone).slice(0, 7)})`;
  const now = s.clock();
  const split = await splitFor(
    s,
    bookingId,
    booking.amountCents,
    booking.paymentMethod === 'pix' ? 'pix' : 'card',
  );
  const [card] =
    booking.paymentMethod !== 'pix' && row.series.cardId
      ? await s.db.select().from(cards).where(eq(cards.id, row.series.cardId))
      : [];
  // Written and committed before the provider is asked (DESIGN §10); canceled meanwhile: nothing asked.
  if ((booking.paymentMethod === 'pix' || card) && !(await chargeStarting(s, bookingId))) return;
  if (booking.paymentMethod === 'pix') {
    const pix = await s.payments.createPix({
      amountCents: booking.amountCents,
      reference: payment.uuid,
      idempotencyKey: payment.uuid,
      expiresAt: booking.holdExpiresAt!,
      payer,
      description,
      split,
    });
    await chargeOpened(s, bookingId, {
      providerRef: pix.providerRef,
      pixCopyPaste: pix.copyPaste,
      pixExpiresAt: booking.holdExpiresAt!,
    });
    return;
  }
  const charge = card
    ? await s.payments.chargeCard({
        token: card.providerToken,
        amountCents: booking.amountCents,
        reference: payment.uuid,
        idempotencyKey: `${payment.uuid}-${booking.chargeAttempts}`,
        installments: 1,
        payer,
        description,
        split,
      })
    : ({ status: 'rejected', reason: 'O cartão do horário fixo foi removido.' } as const);
  if (charge.status === 'approved') {
    await paymentCaptured(s, bookingId, { providerRef: charge.providerRef });
    return;
  }
  if (charge.status === 'pending') {
    await chargeOpened(s, bookingId, { providerRef: charge.providerRef });
    return;
  }
  // Refused: tried again tomorrow while the grace lasts; the hold job releases the month after it.
  const next = new Date(now.getTime() + DAY);
  const retry = booking.holdExpiresAt && next < booking.holdExpiresAt ? next : null;
  await withBooking(s, bookingId, async (tx, locked, fx) => {
    // Canceled or skipped meanwhile: nothing left to charge.
    if (locked.booking.status !== 'pending_payment' || locked.payment.status !== 'pending') return;
    await setChargeAt(tx, bookingId, retry);
    // Nothing was captured: the next attempt may start when its day comes.
    await clearChargeStarted(tx, locked.payment.id);
    if (booking.chargeAttempts <= 1) fx.tell({ kind: 'series_charge_refused', bookingId });
  });
}

/**
 * Cancels hours of one locked booking one after another, keeping the locked rows in step so the
 * booking is settled (canceled once none holds its hour) after the last; answers each refund.
 */
const cancelInTurn =
  (s: LifecycleDeps, actor: ActorRef) =>
  async (tx: Tx, locked: Locked, fx: Effects, appointmentId: number): Promise<number> => {
    const result = await cancelLocked(s, tx, locked, fx, actor, appointmentId, false);
    const item = locked.items.find((a) => a.id === appointmentId);
    if (item) item.status = 'canceled';
    return result.refund_cents;
  };

/** The horário fixo's months: bookings in order, with the appointments of each. */
async function monthsOf(s: Pick<LifecycleDeps, 'db'>, seriesId: number) {
  return s.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.seriesId, seriesId))
    .orderBy(asc(bookings.id));
}

/**
 * Cancels what is left of a horário fixo: every future hour of a paid month under the table's
 * policy (one mail per month), every unpaid month whole; answers the refund and how many hours.
 */
export async function cancelSeries(
  s: LifecycleDeps,
  actor: ActorRef,
  seriesId: number,
): Promise<{ refund_cents: number; canceled: number }> {
  const [row] = await s.db.select().from(series).where(eq(series.id, seriesId));
  if (!row) throw new AppError('not_found', seriesMessages.notFound);
  if (row.status !== 'active') throw new AppError('conflict', seriesMessages.ended);
  const cancelOne = cancelInTurn(s, actor);
  let refund = 0;
  let canceled = 0;
  for (const { id } of await monthsOf(s, seriesId)) {
    const out = await withBooking(s, id, async (tx, locked, fx) => {
      const now = s.clock();
      const future = locked.items.filter(
        (a) => a.startsAt > now && (a.status === 'pending_payment' || a.status === 'confirmed'),
      );
      if (future.length === 0) return { refund: 0, n: 0 };
      if (future[0]!.status === 'pending_payment') {
        // Unpaid: the month goes whole, quietly (it was never in the person's calendar).
        await cancelLocked(s, tx, locked, fx, actor, future[0]!.id, false);
        await setChargeAt(tx, id, null);
        return { refund: 0, n: future.length };
      }
      let r = 0;
      for (const a of future) r += await cancelOne(tx, locked, fx, a.id);
      fx.tell({
        kind: 'hours_canceled',
        bookingId: id,
        appointmentIds: future.map((a) => a.id),
        actor: actor.kind,
        refundCents: r,
        wholeBooking: false,
      });
      return { refund: r, n: future.length };
    });
    refund += out.refund;
    canceled += out.n;
  }
  const now = s.clock();
  await s.db
    .update(series)
    .set({ status: 'canceled', canceledAt: now, updatedAt: now })
    .where(eq(series.id, seriesId));
  return { refund_cents: refund, canceled };
}

/**
 * Leaves one week out. In a month not yet charged its hours simply go (the month costs less); in a
 * paid month they are canceled under the table's policy; a month whose charge is already out (a
 * Pix to pay, a card in review) must be settled first.
 */
export async function skipSeriesWeek(
  s: LifecycleDeps,
  actor: ActorRef,
  seriesId: number,
  date: string,
  timezone: string,
): Promise<{ refund_cents: number; canceled: number }> {
  const [row] = await s.db.select().from(series).where(eq(series.id, seriesId));
  if (!row) throw new AppError('not_found', seriesMessages.notFound);
  if (row.status !== 'active') throw new AppError('conflict', seriesMessages.ended);
  const hours = await s.db
    .select({ id: appointments.id, bookingId: appointments.bookingId, startsAt: appointments.startsAt })
    .from(appointments)
    .innerJoin(bookings, eq(bookings.id, appointments.bookingId))
    .where(
      and(eq(bookings.seriesId, seriesId), inArray(appointments.status, ['pending_payment', 'confirmed'])),
    );
  const week = hours.filter((a) => zonedDate(a.startsAt, timezone) === date);
  if (week.length === 0) throw new AppError('not_found', seriesMessages.noOccurrence);
  const bookingId = week[0]!.bookingId;
  const cancelOne = cancelInTurn(s, actor);
  const ids = week.map((a) => a.id);
  const out = await withBooking(s, bookingId, async (tx, locked, fx) => {
    const now = s.clock();
    const mine = locked.items.filter((a) => ids.includes(a.id));
    if (mine.some((a) => a.startsAt <= now)) throw new AppError('conflict', seriesMessages.noOccurrence);
    if (locked.booking.status === 'pending_payment') {
      // A charge out (a Pix to pay, a card in review), or asked and its answer never recorded.
      if (locked.payment.providerRef || locked.payment.chargeStartedAt)
        throw new AppError('conflict', seriesMessages.alreadyBilled);
      const left = locked.items.filter((a) => !ids.includes(a.id));
      const less = mine.reduce((sum, a) => sum + a.priceCents, 0);
      if (left.length === 0) {
        await tx.delete(bookings).where(eq(bookings.id, bookingId));
      } else {
        await tx.delete(appointments).where(inArray(appointments.id, ids));
        await tx
          .update(bookings)
          .set({ amountCents: locked.booking.amountCents - less, updatedAt: now })
          .where(eq(bookings.id, bookingId));
        await tx
          .update(payments)
          .set({ amountCents: locked.payment.amountCents - less, updatedAt: now })
          .where(eq(payments.id, locked.payment.id));
      }
      return { refund: 0, n: mine.length };
    }
    let r = 0;
    for (const a of mine) r += await cancelOne(tx, locked, fx, a.id);
    fx.tell({
      kind: 'hours_canceled',
      bookingId,
      appointmentIds: ids,
      actor: actor.kind,
      refundCents: r,
      wholeBooking: false,
    });
    return { refund: r, n: mine.length };
  });
  const now = s.clock();
  await s.db
    .update(series)
    .set({ skippedDates: sql`array_append(${series.skippedDates}, ${date}::date)`, updatedAt: now })
    .where(eq(series.id, seriesId));
  return { refund_cents: out.refund, canceled: out.n };
}

/** When a later month's unpaid hours are released if its charge does not go through. */
export const graceEnd = (chargeAt: Date) => new Date(chargeAt.getTime() + SERIES_GRACE_DAYS * DAY);

/**
 * A horário fixo "until canceled" is booked up to its room's horizon when made; as time passes the
 * horizon moves and this job books the months that came within it — a whole month at a time, once
 * its last day is inside the horizon, as one booking charged like any later month. A week already
 * taken by someone else is skipped (and listed as skipped); a room that stopped taking bookings,
 * or whose grid no longer fits the series' length, ends the extension there.
 */
export async function extendOpenSeries(s: LifecycleDeps): Promise<number> {
  // A suspended or erased person's series ended with the account; never extended for them.
  const open = await s.db
    .select({ id: series.id })
    .from(series)
    .innerJoin(users, eq(users.id, series.customerId))
    .where(
      and(eq(series.status, 'active'), isNull(series.weeks), eq(users.active, true), isNull(users.deletedAt)),
    );
  let added = 0;
  for (const { id } of open) added += await extendSeries(s, id).catch(() => 0);
  return added;
}

async function extendSeries(s: LifecycleDeps, seriesId: number): Promise<number> {
  const [row] = await s.db
    .select({ series, room: rooms, clinic: clinics })
    .from(series)
    .innerJoin(rooms, eq(rooms.id, series.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(eq(series.id, seriesId));
  if (!row) return 0;
  const tz = row.clinic.timezone;
  const { rules } = await roomAvailability(s, row.room.uuid, []);
  if (row.series.minutes % rules.slot_minutes !== 0) return 0;
  const [last] = await s.db
    .select({ at: max(appointments.startsAt) })
    .from(appointments)
    .innerJoin(bookings, eq(bookings.id, appointments.bookingId))
    .where(eq(bookings.seriesId, seriesId));
  const lastBooked = last?.at ? zonedDate(last.at, tz) : zonedDate(row.series.firstStartsAt, tz);
  const covered = [lastBooked, ...row.series.skippedDates].sort().at(-1)!;
  const now = s.clock();
  const horizon = new Date(now.getTime() + rules.max_days_ahead * DAY);
  const horizonDate = zonedDate(horizon, tz);
  const soonest = now.getTime() + rules.min_notice_minutes * 60_000;
  const next = seriesOccurrences({
    firstDate: addDays(covered, 7),
    time: toZonedIso(row.series.firstStartsAt, tz).slice(11, 16),
    timezone: tz,
    minutes: row.series.minutes,
    slotMinutes: rules.slot_minutes,
    weeks: null,
    until: horizon,
  });
  // Whole months (the month's last day inside the horizon) — or, in a room whose horizon is
  // shorter than a month, the weeks of the month under way as they come within it.
  const thisMonth = monthOf(zonedDate(now, tz));
  const lastDayOf = (m: string) => addDays(`${monthOf(addDays(`${m}-28`, 4))}-01`, -1);
  const months = [...new Set(next.map((o) => monthOf(o.date)))].filter(
    (m) => lastDayOf(m) <= horizonDate || m <= thisMonth,
  );
  if (months.length === 0) return 0;
  const weeks = next.filter((o) => months.includes(monthOf(o.date)));
  const { days } = await roomAvailability(
    s,
    row.room.uuid,
    weeks.map((o) => o.date),
  );
  const free = new Set(
    days.flatMap((d) => d.slots.filter((x) => x.available).map((x) => Date.parse(x.date_time))),
  );
  const slotPrice = slotPriceCents(row.room.pricePerMinute, rules.slot_minutes);
  let added = 0;
  for (const month of months) {
    const list = weeks.filter((o) => monthOf(o.date) === month);
    const open = list.filter(
      (o) => Date.parse(o.starts[0]!) >= soonest && o.starts.every((iso) => free.has(Date.parse(iso))),
    );
    const taken = list.filter((o) => !open.includes(o)).map((o) => o.date);
    try {
      await s.db.transaction(async (tx) => {
        // The person's row first, in a deletion's or suspension's order: their end waits for this.
        await holdActivePerson(tx, row.series.customerId);
        // One process extends a series at a time; a canceled one is left alone.
        const [still] = await tx
          .select({ id: series.id })
          .from(series)
          .where(and(eq(series.id, seriesId), eq(series.status, 'active')))
          .for('update', { skipLocked: true });
        if (!still) throw new SeriesBusy();
        if (open.length) {
          const starts = open.flatMap((o) => o.starts.map((iso) => Date.parse(iso)));
          const chargeAt = chargeMoment(month, tz, now);
          await insertHold(tx, {
            customerId: row.series.customerId,
            roomId: row.room.id,
            method: row.series.paymentMethod as 'card' | 'pix',
            provider: s.payments.name,
            cardId: row.series.cardId ?? undefined,
            holdExpiresAt: graceEnd(chargeAt),
            seriesId,
            chargeAt,
            starts,
            slotMs: rules.slot_minutes * 60_000,
            priceCents: slotPrice,
            buffer: bufferAfter(starts, rules),
            now,
          });
        }
        if (taken.length)
          await tx
            .update(series)
            .set({
              skippedDates: sql`${series.skippedDates} || ${`{${taken.join(',')}}`}::date[]`,
              updatedAt: now,
            })
            .where(eq(series.id, seriesId));
      });
      added += open.length;
    } catch (err) {
      // Busy elsewhere, or a week taken between the check and the hold: the next run tries again.
      if (err instanceof SeriesBusy || isSlotConflict(err)) break;
      throw err;
    }
  }
  return added;
}

class SeriesBusy extends Error {}
