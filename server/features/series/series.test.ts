/**
 * Horário fixo end to end through the API and the lifecycle's jobs (decision 0024), on PGlite and —
 * with TEST_DATABASE_URL — on PostgreSQL, where the parallel series really race.
 */
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Series } from '#common/contracts/series';
import { chargeDate, monthOf, SERIES_CHARGE_DAYS_BEFORE } from '#common/domain/series';
import { addDays, weekdayOf, zonedDate, zonedInstant } from '#common/time/zone';
import { bookings, series as seriesTable } from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs, signIn } from '../../test/fixtures.ts';
import {
  bookByCard,
  createClinic,
  createRoom,
  openClinic,
  saveCard,
  storedCard,
} from '../../test/supply-fixtures.ts';
import { availabilityFor } from '../availability/availability.service.ts';
import { checkLedger } from '../lifecycle/ledger.ts';
import { expireHolds } from '../lifecycle/lifecycle.service.ts';
import { chargeDueSeriesMonths, extendOpenSeries } from '../lifecycle/series.lifecycle.ts';

const tz = 'America/Sao_Paulo';
let t: TestContext;
let partner: Awaited<ReturnType<typeof signedInAs>>;
let clinic: { uuid: string };

beforeAll(async () => {
  t = await createTestContext();
  partner = await signedInAs(t, 'partner');
  clinic = await createClinic(t, partner.user, partner.token, 'Clínica Horário Fixo');
  await openClinic(t, partner.user, partner.token, clinic.uuid, [0, 1, 2, 3, 4, 5, 6], ['08:00', '12:00']);
}, 60_000);
afterAll(() => t.close());
// Tests move the shared clock to charge dates, up to a month on: the partner's session would idle
// past its 30 days. Each test starts with a fresh one.
beforeEach(async () => {
  partner.token = await signIn(t, partner.user.email);
});

/**
 * A first date at least 3 days ahead whose 4-week series crosses into a next month whose charge
 * date is still ahead (so that month waits for its date). The clock stands at TEST_NOW, whatever
 * day the suite runs; a series made after the next month's charge date has its own test below.
 */
function crossingMonths(): string {
  let d = addDays(zonedDate(t.clock.now, tz), 3);
  const later = (x: string) => monthOf(addDays(x, 21));
  while (monthOf(d) === later(d) || chargeDate(later(d), tz) <= t.clock.now) d = addDays(d, 1);
  return d;
}
const at = (date: string, hhmm: string) => `${date}T${hhmm}:00-03:00`;
const seriesRow = async (uuid: string) =>
  (await t.db.select().from(seriesTable).where(eq(seriesTable.uuid, uuid)))[0]!;
const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  request(t.app, { method, url, payload, token });

async function person() {
  const p = await signedInAs(t, 'customer');
  const card = await saveCard(t, p.user, p.token);
  return { ...p, card: card.uuid };
}

const body = (room: string, first: string, extra: object = {}) => ({
  room_uuid: room,
  date_time: at(first, '09:00'),
  minutes: 60,
  weeks: 4,
  payment_method: 'card',
  ...extra,
});

async function freeAt(room: string, date: string, hhmm: string) {
  const [day] = await availabilityFor(t.app.services, room, [date]);
  return day!.slots.find((s) => s.date_time.slice(11, 16) === hhmm)?.available;
}

describe('horário fixo', () => {
  it('checks every week, lists the taken ones, and books the rest month by month', async () => {
    const room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Semanal');
    const first = crossingMonths();
    const ana = await person();
    const other = await person();
    await bookByCard(t, other.token, room.uuid, other.card, [at(addDays(first, 7), '09:00')]);

    const preview = await call(ana.token, 'POST', '/api/customer/series/preview', body(room.uuid, first));
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.occurrences.map((o: { state: string }) => o.state)).toEqual([
      'free',
      'taken',
      'free',
      'free',
    ]);

    const refused = await call(ana.token, 'POST', '/api/customer/series', {
      ...body(room.uuid, first),
      card_uuid: ana.card,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().conflicts).toEqual([addDays(first, 7)]);
    expect(await t.db.select().from(seriesTable)).toHaveLength(0);

    const made = await call(ana.token, 'POST', '/api/customer/series', {
      ...body(room.uuid, first, { skip_dates: [addDays(first, 7)] }),
      card_uuid: ana.card,
    });
    expect(made.statusCode, made.body).toBe(201);
    const created = made.json().data as { series: Series; booking: { status: string } };
    expect(created.booking.status).toBe('confirmed');
    expect(created.series.weekday).toBe(weekdayOf(first));
    expect(created.series.skipped_dates).toEqual([addDays(first, 7)]);
    const months = created.series.months;
    expect(months.length).toBe(2);
    expect(months[0]!.status).toBe('confirmed');
    expect(months[1]!.status).toBe('pending_payment');
    expect(months[1]!.charge_at).not.toBeNull();
    expect(months.flatMap((m) => m.dates)).toEqual([first, addDays(first, 14), addDays(first, 21)]);
    // Every week is held now, paid or not: nobody else can take them.
    expect(await freeAt(room.uuid, addDays(first, 21), '09:00')).toBe(false);
    expect(t.mail.at(-1)?.subject).toContain('Reserva confirmada');

    // The partner sees the weeks marked in the agenda; the operator in the export.
    const agenda = await call(partner.token, 'GET', `/api/partner/appointments/${first}/${first}/todas`);
    const mine = agenda.json().data.filter((a: { room: { uuid: string } }) => a.room.uuid === room.uuid);
    expect(mine.map((a: { series: boolean }) => a.series)).toEqual([true]);
    const operator = await signedInAs(t, 'owner');
    const sheet = await request(t.app, {
      method: 'POST',
      url: '/api/fusion/exportAppointments',
      token: operator.token,
      payload: { dateInit: first, dateEnd: addDays(first, 7) },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.rawPayload as never);
    const rows = book.getWorksheet('Agendamentos')!;
    const header = rows.getRow(1).values as string[];
    const col = header.indexOf('Horário fixo');
    const room2 = header.indexOf('Sala');
    const marks: string[] = [];
    rows.eachRow((row, n) => {
      if (n > 1 && row.getCell(room2).value === 'Sala Semanal') marks.push(String(row.getCell(col).value));
    });
    expect(marks.sort()).toEqual(['Não', 'Sim']);
  });

  it('charges a later month on the saved card when its time comes, with the usual mail and .ics', async () => {
    const room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Mensal');
    const first = crossingMonths();
    const bia = await person();
    const made = await call(bia.token, 'POST', '/api/customer/series', {
      ...body(room.uuid, first),
      card_uuid: bia.card,
    });
    expect(made.statusCode, made.body).toBe(201);
    const later = (made.json().data.series as Series).months[1]!;
    expect(await chargeDueSeriesMonths(t.app.services)).toBe(0);
    t.clock.advance(Date.parse(later.charge_at!) - t.clock.now.getTime() + 60_000);
    // (Other tests' series may fall due on the same shared clock.)
    expect(await chargeDueSeriesMonths(t.app.services)).toBeGreaterThanOrEqual(1);
    await t.deliverMail();
    const [month] = await t.db.select().from(bookings).where(eq(bookings.uuid, later.booking_uuid));
    expect(month!.status).toBe('confirmed');
    expect(month!.chargeAt).toBeNull();
    const mail = t.mail.findLast((m) => m.to === bia.user.email);
    expect(mail?.subject).toContain('Reserva confirmada');
    expect(mail?.calendar?.method).toBe('REQUEST');
    // Charged once: another round finds nothing.
    expect(await chargeDueSeriesMonths(t.app.services)).toBe(0);
  });

  it('tries a refused card again during the grace, then releases that month only', async () => {
    const room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Recusada');
    const first = crossingMonths();
    const caio = await person();
    const made = await call(caio.token, 'POST', '/api/customer/series', {
      ...body(room.uuid, first),
      card_uuid: caio.card,
    });
    expect(made.statusCode, made.body).toBe(201);
    const s = made.json().data.series as Series;
    const later = s.months[1]!;
    // The card stops working after the first month.
    const bad = await storedCard(t, caio.user, { declines: true });
    await t.db.update(seriesTable).set({ cardId: bad.id }).where(eq(seriesTable.uuid, s.uuid));
    t.clock.advance(Date.parse(later.charge_at!) - t.clock.now.getTime() + 60_000);
    // (Other tests' series may fall due on the same shared clock.)
    expect(await chargeDueSeriesMonths(t.app.services)).toBeGreaterThanOrEqual(1);
    await t.deliverMail();
    expect(t.mail.findLast((m) => m.to === caio.user.email)?.subject).toContain(
      'Cobrança do horário fixo recusada',
    );
    let [month] = await t.db.select().from(bookings).where(eq(bookings.uuid, later.booking_uuid));
    expect(month!.status).toBe('pending_payment');
    expect(month!.chargeAt!.getTime()).toBeGreaterThan(t.clock.now.getTime());
    // Tried again the next day, refused again; the hold then passes and the month is released.
    t.clock.advance(86_400_000 + 60_000);
    expect(await chargeDueSeriesMonths(t.app.services)).toBeGreaterThanOrEqual(1);
    t.clock.advance(3 * 86_400_000);
    await expireHolds(t.app.services);
    [month] = await t.db.select().from(bookings).where(eq(bookings.uuid, later.booking_uuid));
    expect(month!.status).toBe('expired');
    const lastDate = later.dates.at(-1)!;
    expect(await freeAt(room.uuid, lastDate, '09:00')).toBe(true);
    const [paid] = await t.db.select().from(bookings).where(eq(bookings.uuid, s.months[0]!.booking_uuid));
    expect(paid!.status).toBe('confirmed');
  });

  it('skips a week (unpaid month: it costs less; paid: refunded by the policy) and cancels the rest', async () => {
    const room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Pula');
    const first = crossingMonths();
    const dora = await person();
    const made = await call(dora.token, 'POST', '/api/customer/series', {
      ...body(room.uuid, first),
      card_uuid: dora.card,
    });
    const s = made.json().data.series as Series;
    const unpaid = s.months[1]!;
    const skipUnpaid = await call(dora.token, 'POST', `/api/customer/series/${s.uuid}/skip`, {
      date: unpaid.dates[0],
    });
    expect(skipUnpaid.statusCode, skipUnpaid.body).toBe(200);
    expect(skipUnpaid.json().data.refund_cents).toBe(0);
    const after = skipUnpaid.json().data.series as Series;
    const unpaidAfter = after.months.find((m) => m.booking_uuid === unpaid.booking_uuid);
    expect(unpaidAfter?.amount_cents ?? 0).toBe(unpaid.amount_cents - 6000);
    expect(await freeAt(room.uuid, unpaid.dates[0]!, '09:00')).toBe(true);

    // A paid week more than 24 h ahead comes back in full.
    const paidDate = s.months[0]!.dates[0]!;
    const skipPaid = await call(dora.token, 'POST', `/api/customer/series/${s.uuid}/skip`, {
      date: paidDate,
    });
    expect(skipPaid.statusCode, skipPaid.body).toBe(200);
    expect(skipPaid.json().data.refund_cents).toBe(6000);

    const stranger = await person();
    expect((await call(stranger.token, 'POST', `/api/customer/series/${s.uuid}/cancel`)).statusCode).toBe(
      404,
    );

    const cancel = await call(dora.token, 'POST', `/api/customer/series/${s.uuid}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data.series.status).toBe('canceled');
    expect(cancel.json().data.canceled).toBeGreaterThan(0);
    for (const date of s.months.flatMap((m) => m.dates))
      expect(await freeAt(room.uuid, date, '09:00')).toBe(true);
    expect((await call(dora.token, 'POST', `/api/customer/series/${s.uuid}/cancel`)).statusCode).toBe(409);
    const list = await call(dora.token, 'GET', '/api/customer/series');
    expect(list.json().data[0].status).toBe('canceled');
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
  });

  it('lets only one of ten series asked at once for the same weekly hour hold it', async () => {
    const room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Disputada');
    const first = crossingMonths();
    const people = await Promise.all(Array.from({ length: 10 }, () => person()));
    const results = await Promise.all(
      people.map((p, i) =>
        call(p.token, 'POST', '/api/customer/series', {
          ...body(room.uuid, addDays(first, i % 2 === 0 ? 0 : 7)),
          payment_method: 'pix',
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201).length, codes.join()).toBe(1);
    expect(
      codes.every((c) => c === 201 || c === 409),
      results.map((r) => r.body).join('\n'),
    ).toBe(true);
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
  }, 60_000);

  it('refuses a length off the grid or under the minimum, and a stranger room', async () => {
    const room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Grade');
    const p = await person();
    const first = crossingMonths();
    const off = await call(p.token, 'POST', '/api/customer/series/preview', {
      ...body(room.uuid, first),
      minutes: 90,
    });
    expect(off.statusCode).toBe(422);
    expect(off.json().errors.minutes).toEqual(['Os horários desta sala começam a cada 60 minutos.']);
    const weeks = await call(p.token, 'POST', '/api/customer/series/preview', {
      ...body(room.uuid, first),
      weeks: 60,
    });
    expect(weeks.statusCode).toBe(422);
    const missing = await call(p.token, 'POST', '/api/customer/series/preview', {
      ...body('00000000-0000-4000-8000-000000000000', first),
    });
    expect(missing.statusCode).toBe(404);
  });
  it('charges a month whose charge date had passed when the series was made right away, once the first month is paid', async () => {
    // The clock moves to the afternoon of a charge date (5 days before a month, 08:00): a series
    // made now from 3 days ahead reaches into that month, already due — the 26/11 of this rule.
    const today = zonedDate(t.clock.now, tz);
    let month = monthOf(addDays(`${monthOf(today)}-01`, 32));
    if (chargeDate(month, tz) <= t.clock.now) month = monthOf(addDays(`${month}-01`, 32));
    const chargeDay = addDays(`${month}-01`, -SERIES_CHARGE_DAYS_BEFORE);
    t.clock.advance(zonedInstant(chargeDay, '15:00', tz).getTime() - t.clock.now.getTime());
    const madeAt = t.clock.now.getTime();
    const first = addDays(chargeDay, 3);
    expect(monthOf(first)).not.toBe(month);
    partner.token = await signIn(t, partner.user.email);
    const room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Fim do Mês');
    const stateOf = async (uuid: string) =>
      (await t.db.select().from(bookings).where(eq(bookings.uuid, uuid)))[0]!;

    // The preview says so: the later month is charged today, not on a date already gone.
    const eva = await person();
    const preview = await call(eva.token, 'POST', '/api/customer/series/preview', body(room.uuid, first));
    expect(preview.statusCode, preview.body).toBe(200);
    const previewed = preview.json().data.months as { month: string; charge_at: string }[];
    expect(previewed.map((m) => m.month)).toEqual([monthOf(first), month]);
    expect(Date.parse(previewed[1]!.charge_at)).toBe(madeAt);

    // By card: the first month is charged with the series, the late one by the job's next round.
    const byCard = await call(eva.token, 'POST', '/api/customer/series', {
      ...body(room.uuid, first),
      card_uuid: eva.card,
    });
    expect(byCard.statusCode, byCard.body).toBe(201);
    const cardMonths = (byCard.json().data.series as Series).months;
    expect(cardMonths[0]!.status).toBe('confirmed');
    expect(cardMonths[1]!.status).toBe('pending_payment');
    expect(Date.parse(cardMonths[1]!.charge_at!)).toBe(madeAt);
    expect(await chargeDueSeriesMonths(t.app.services)).toBeGreaterThanOrEqual(1);
    await t.deliverMail();
    expect((await stateOf(cardMonths[1]!.booking_uuid)).status).toBe('confirmed');
    expect(
      t.mail.filter((m) => m.to === eva.user.email && m.subject.includes('Reserva confirmada')),
    ).toHaveLength(2);

    // By Pix: the late month waits while the first month's Pix is unpaid — never two Pix at once,
    // nor a later month charged for a series whose first month may still lapse.
    const leo = await person();
    const byPix = await call(leo.token, 'POST', '/api/customer/series', {
      ...body(room.uuid, first, { date_time: at(first, '10:00') }),
      payment_method: 'pix',
    });
    expect(byPix.statusCode, byPix.body).toBe(201);
    const pix = byPix.json().data as { series: Series; booking: { payment: { uuid: string } } };
    const lateUuid = pix.series.months[1]!.booking_uuid;
    await chargeDueSeriesMonths(t.app.services);
    let late = await stateOf(lateUuid);
    expect(late.status).toBe('pending_payment');
    expect(late.chargeAt?.getTime()).toBe(madeAt);
    expect(late.chargeAttempts).toBe(0);

    const paid = await call(leo.token, 'POST', `/api/customer/payment/${pix.booking.payment.uuid}/simulate`);
    expect(paid.statusCode, paid.body).toBe(200);
    t.clock.advance(10 * 60_000);
    expect(await chargeDueSeriesMonths(t.app.services)).toBeGreaterThanOrEqual(1);
    await t.deliverMail();
    late = await stateOf(lateUuid);
    expect(late.status).toBe('pending_payment');
    expect(late.chargeAt).toBeNull();
    const mailed = t.mail.findLast((m) => m.to === leo.user.email);
    expect(mailed?.subject).toContain('Pague com Pix para confirmar');
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
  });

  // Last: it moves the shared clock by weeks, past the other tests' sessions.
  it("books the months of an open-ended series as they come within the room's horizon", async () => {
    const room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Sem Fim');
    const rules = await call(partner.token, 'PUT', `/api/partner/room/${room.uuid}/booking-rules`, {
      slot_minutes: null,
      min_booking_minutes: null,
      buffer_minutes: null,
      max_days_ahead: 60,
      min_notice_minutes: null,
    });
    expect(rules.statusCode, rules.body).toBe(200);
    const first = addDays(zonedDate(t.clock.now, tz), 3);
    const dani = await person();
    const made = await call(dani.token, 'POST', '/api/customer/series', {
      ...body(room.uuid, first, { weeks: null }),
      card_uuid: dani.card,
    });
    expect(made.statusCode, made.body).toBe(201);
    const s = made.json().data.series as Series;
    const dates = () => s.months.flatMap((m) => m.dates);
    const lastDate = dates().at(-1)!;
    // Made with the horizon of 60 days: nothing past it yet.
    expect(Date.parse(at(lastDate, '09:00'))).toBeLessThanOrEqual(t.clock.now.getTime() + 60 * 86_400_000);
    expect(await extendOpenSeries(t.app.services)).toBe(0);

    // Someone books the week after the last one booked; forty days pass.
    const blocked = addDays(lastDate, 7);
    t.clock.advance(40 * 86_400_000);
    const other = await person();
    dani.token = await signIn(t, dani.user.email);
    await bookByCard(t, other.token, room.uuid, other.card, [at(blocked, '09:00')]);
    expect(await extendOpenSeries(t.app.services)).toBeGreaterThanOrEqual(1);
    expect(await extendOpenSeries(t.app.services)).toBe(0);
    const [now] = (await call(dani.token, 'GET', '/api/customer/series'))
      .json()
      .data.filter((x: Series) => x.uuid === s.uuid) as Series[];
    const added = now!.months.slice(s.months.length);
    expect(added.length).toBeGreaterThanOrEqual(1);
    const addedDates = added.flatMap((m) => m.dates);
    // The taken week left out and listed as skipped; then every week, whole months, each charged
    // before it starts; nothing past the horizon.
    expect(now!.skipped_dates).toContain(blocked);
    expect(addedDates[0]).toBe(addDays(lastDate, 14));
    for (let i = 1; i < addedDates.length; i++) expect(addedDates[i]).toBe(addDays(addedDates[i - 1]!, 7));
    for (const m of added) {
      expect(m.dates.every((d) => d.startsWith(m.month))).toBe(true);
      expect(m.status).toBe('pending_payment');
      expect(m.charge_at).not.toBeNull();
    }
    const horizon = zonedDate(new Date(t.clock.now.getTime() + 60 * 86_400_000), tz);
    expect(addedDates.at(-1)! <= horizon).toBe(true);
    for (const d of addedDates) expect(await freeAt(room.uuid, d, '09:00')).toBe(false);

    // Canceled: nothing more is added.
    expect((await call(dani.token, 'POST', `/api/customer/series/${s.uuid}/cancel`)).statusCode).toBe(200);
    t.clock.advance(40 * 86_400_000);
    await expireHolds(t.app.services);
    const months = async () =>
      (
        await t.db
          .select()
          .from(bookings)
          .where(eq(bookings.seriesId, (await seriesRow(s.uuid)).id))
      ).length;
    const before = await months();
    await extendOpenSeries(t.app.services);
    const after = await months();
    expect(after).toBe(before);
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
  });
});
