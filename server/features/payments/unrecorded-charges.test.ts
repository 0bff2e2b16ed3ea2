/**
 * Crash-safe charges (DESIGN §10 "Staying up", issue 41): a process killed between the provider's
 * capture and our write of it leaves money the provider holds and our books do not. The fault hook
 * is a provider wrapper: the sandbox captures, then the call throws instead of answering, so
 * nothing after it runs — as with `kill -9`. Then `ledger:check` names the charge once it is 30
 * minutes old, and the reconciliation job attaches it (confirming the hours still held) or
 * refunds it in full, once, however many runs happen at once. Runs on PostgreSQL in `npm test`.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Series } from '#common/contracts/series';
import { chargeDate, monthOf } from '#common/domain/series';
import { addDays, zonedDate } from '#common/time/zone';
import type { PaymentProvider } from '../../adapters/payments.ts';
import {
  appointments,
  bookings,
  payments,
  refunds,
  sandboxCharges,
  sandboxRefunds,
} from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { createClinic, createRoom, openClinic, saveCard } from '../../test/supply-fixtures.ts';
import { CHARGE_UNANSWERED, checkLedger, ORPHAN_CHARGE } from '../lifecycle/ledger.ts';
import { expireHolds } from '../lifecycle/lifecycle.service.ts';
import { chargeDueSeriesMonths } from '../lifecycle/series.lifecycle.ts';
import { GIVE_UP_AFTER_MS, settleUnrecordedCharges, UNRECORDED_AFTER_MS } from './reconcile.service.ts';

const ZONE = 'America/Sao_Paulo';
let t: TestContext;
let customer: Awaited<ReturnType<typeof signedInAs>>;
let partner: Awaited<ReturnType<typeof signedInAs>>;
let clinic: { uuid: string };
let cardUuid: string;
let room: { uuid: string };
let day: string;
let hour = 7;

/**
 * The fault hook: the next provider call dies `after` the provider did its work (the capture is
 * there, our write never happens) or `before` it reached the provider. Every call also reads, from
 * another connection, whether the attempt was already committed when the provider was asked.
 */
const fault: { next: 'after' | 'before' | null; startedSeen: (Date | null)[]; calls: string[] } = {
  next: null,
  startedSeen: [],
  calls: [],
};
const killed = (when: string) => new Error(`processo morto (${when})`);

async function startedOf(paymentUuid: string) {
  const [row] = await t.db
    .select({ at: payments.chargeStartedAt })
    .from(payments)
    .where(eq(payments.uuid, paymentUuid));
  return row?.at ?? null;
}

beforeAll(async () => {
  t = await createTestContext();
  const real = t.app.services.payments;
  const dies = async <T>(reference: string, key: string, work: () => Promise<T>): Promise<T> => {
    const mode = fault.next;
    fault.next = null;
    fault.calls.push(key);
    fault.startedSeen.push(await startedOf(reference));
    if (mode === 'before') throw killed('antes de chamar o provedor');
    const answer = await work();
    if (mode === 'after') throw killed('depois da captura');
    return answer;
  };
  const wrapped: PaymentProvider = {
    ...real,
    chargeCard: (input) => dies(input.reference, input.idempotencyKey, () => real.chargeCard(input)),
    createPix: (input) => dies(input.reference, input.idempotencyKey, () => real.createPix(input)),
  };
  t.app.services.payments = wrapped;
  partner = await signedInAs(t, 'partner');
  customer = await signedInAs(t, 'customer');
  cardUuid = (await saveCard(t, customer.user, customer.token)).uuid;
  clinic = await createClinic(t, partner.user, partner.token);
  await openClinic(t, partner.user, partner.token, clinic.uuid);
  room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Queda', '1.0833');
  day = addDays(zonedDate(t.clock.now, ZONE), 5);
}, 120_000);
afterAll(() => t?.close());

const s = () => t.app.services;
const minutes = (n: number) => n * 60_000;
const inMinutes = (n: number) => new Date(t.clock.now.getTime() + minutes(n));

/** Books the next hour by card (or Pix); answers the HTTP answer and the booking's rows. */
async function book(method: 'card' | 'pix' = 'card') {
  const dateTime = `${day}T${String(hour++).padStart(2, '0')}:00:00-03:00`;
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/customer/appointment/bulk',
    token: customer.token,
    payload: {
      room_uuid: room.uuid,
      date_times: [dateTime],
      payment_method: method,
      ...(method === 'card' ? { card_uuid: cardUuid } : {}),
    },
  });
  const [row] = await t.db
    .select({ booking: bookings, payment: payments })
    .from(appointments)
    .innerJoin(bookings, eq(bookings.id, appointments.bookingId))
    .innerJoin(payments, eq(payments.bookingId, bookings.id))
    .where(eq(appointments.startsAt, new Date(dateTime)))
    .orderBy(desc(bookings.id))
    .limit(1);
  return { res, ...row! };
}

const paymentRow = async (uuid: string) =>
  (await t.db.select().from(payments).where(eq(payments.uuid, uuid)))[0]!;
const bookingRow = async (uuid: string) =>
  (await t.db.select().from(bookings).where(eq(bookings.uuid, uuid)))[0]!;
const ruleIds = async (rule: string, now: Date) =>
  (await checkLedger(t.db, { now })).filter((v) => v.rule === rule).map((v) => v.ids);

describe('a card charge whose process died after the capture', () => {
  it('commits the attempt before the provider is asked, on every charge path of a booking', async () => {
    fault.startedSeen = [];
    const byCard = await book('card');
    const byPix = await book('pix');
    expect(byCard.res.statusCode, byCard.res.body).toBe(201);
    expect(byPix.res.statusCode, byPix.res.body).toBe(201);
    // Read from another connection while the provider was being asked: already committed.
    expect(fault.startedSeen).toEqual([t.clock.now, t.clock.now]);
    expect(await paymentRow(byCard.payment.uuid)).toMatchObject({
      providerRef: `ch_sandbox_${byCard.payment.uuid}`,
      status: 'paid',
    });
    // Answered attempts are no one's business: nothing for the job, nothing for the ledger.
    t.clock.advance(UNRECORDED_AFTER_MS);
    expect(await settleUnrecordedCharges(s())).toBe(0);
    t.clock.advance(minutes(16));
    await expireHolds(s());
    expect(await checkLedger(t.db, { now: inMinutes(31) })).toEqual([]);
  });

  it('is named by the ledger check after 30 minutes, then attached by the job and its hours confirmed', async () => {
    fault.next = 'after';
    const { res, booking, payment } = await book('card');
    expect(res.statusCode).toBe(500);
    const ref = `ch_sandbox_${payment.uuid}`;
    // The provider holds the money; our payment holds neither it nor its reference.
    expect((await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.ref, ref)))[0]).toMatchObject({
      capturedCents: 6500,
      refundedCents: 0,
    });
    expect(await paymentRow(payment.uuid)).toMatchObject({
      status: 'pending',
      providerRef: null,
      chargeStartedAt: t.clock.now,
    });
    expect(await ruleIds(ORPHAN_CHARGE, inMinutes(29))).toEqual([]);
    expect(await ruleIds(ORPHAN_CHARGE, inMinutes(31))).toEqual([
      { charge: ref, payment: payment.uuid, booking: booking.uuid },
    ]);
    expect(await ruleIds(CHARGE_UNANSWERED, inMinutes(31))).toEqual([
      { payment: payment.uuid, booking: booking.uuid },
    ]);

    // A charge may still be on its way for a moment: not looked up yet.
    expect(await settleUnrecordedCharges(s())).toBe(0);
    t.clock.advance(UNRECORDED_AFTER_MS);
    expect(await settleUnrecordedCharges(s())).toBe(1);
    expect(await paymentRow(payment.uuid)).toMatchObject({ status: 'paid', providerRef: ref });
    expect((await bookingRow(booking.uuid)).status).toBe('confirmed');
    await t.deliverMail();
    expect(t.mail.findLast((m) => m.to === customer.user.email)?.subject).toContain('Reserva confirmada');
    // Settled: the job leaves it, and the ledger is clean when the 30 minutes have passed.
    t.clock.advance(minutes(5));
    expect(await settleUnrecordedCharges(s())).toBe(0);
    expect(await checkLedger(t.db, { now: inMinutes(31) })).toEqual([]);
  });

  it('refunds it in full once its hold has ended, once, whatever the number of runs at once', async () => {
    fault.next = 'after';
    const { res, booking, payment } = await book('card');
    expect(res.statusCode).toBe(500);
    const ref = `ch_sandbox_${payment.uuid}`;
    // Nothing ran for half an hour (every process down): the hold ended, the ledger names it.
    t.clock.advance(minutes(31));
    await expireHolds(s());
    expect((await paymentRow(payment.uuid)).status).toBe('expired');
    expect(await ruleIds(ORPHAN_CHARGE, t.clock.now)).toEqual([
      { charge: ref, payment: payment.uuid, booking: booking.uuid },
    ]);
    expect(await ruleIds(CHARGE_UNANSWERED, t.clock.now)).toEqual([
      { payment: payment.uuid, booking: booking.uuid },
    ]);

    // Two processes' jobs at once, and again later.
    const looked = await Promise.all([settleUnrecordedCharges(s()), settleUnrecordedCharges(s())]);
    expect(looked[0] + looked[1]).toBe(1);
    t.clock.advance(minutes(2));
    await Promise.all([settleUnrecordedCharges(s()), settleUnrecordedCharges(s())]);

    const paid = await paymentRow(payment.uuid);
    expect(paid).toMatchObject({ status: 'refunded', refundedCents: 6500, providerRef: ref });
    expect((await bookingRow(booking.uuid)).status).toBe('expired');
    const rows = await t.db.select().from(refunds).where(eq(refunds.paymentId, paid.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: 6500, reason: 'late_payment', status: 'succeeded' });
    // At the provider: one refund, under the refund row's uuid, and nothing left captured.
    const theirs = await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.chargeRef, ref));
    expect(theirs.map((r) => [r.idempotencyKey, r.amountCents])).toEqual([[rows[0]!.uuid, 6500]]);
    expect((await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.ref, ref)))[0]).toMatchObject({
      capturedCents: 6500,
      refundedCents: 6500,
    });
    await t.deliverMail();
    const mail = t.mail.findLast((m) => m.to === customer.user.email);
    expect(mail?.subject).toContain('Pagamento confirmado fora do prazo');
    expect(mail?.text).toContain('no mesmo cartão');
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
  });
});

describe('a charge whose process died before the provider was asked', () => {
  it('is looked up until the job gives up on it; nothing was captured', async () => {
    fault.next = 'before';
    const { res, booking, payment } = await book('card');
    expect(res.statusCode).toBe(500);
    const started = t.clock.now;
    t.clock.advance(UNRECORDED_AFTER_MS);
    expect(await settleUnrecordedCharges(s())).toBe(1);
    // Nothing there yet: still an open question, asked again a minute later.
    expect((await paymentRow(payment.uuid)).chargeStartedAt).toEqual(started);
    expect(await settleUnrecordedCharges(s())).toBe(0);
    t.clock.advance(GIVE_UP_AFTER_MS);
    expect(await settleUnrecordedCharges(s())).toBe(1);
    expect(await paymentRow(payment.uuid)).toMatchObject({ chargeStartedAt: null, providerRef: null });
    expect(await settleUnrecordedCharges(s())).toBe(0);
    // The hold ends as any unpaid one; the books are consistent.
    t.clock.advance(minutes(20));
    await expireHolds(s());
    expect((await bookingRow(booking.uuid)).status).toBe('expired');
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
  });

  it('is named by the ledger check while the provider cannot be asked, and never given up on', async () => {
    fault.next = 'after';
    const { payment, booking } = await book('card');
    const real = t.app.services.payments;
    t.app.services.payments = {
      ...real,
      findCharges: async () => {
        throw new Error('provedor fora do ar');
      },
    };
    try {
      for (let i = 0; i < 35; i++) {
        t.clock.advance(minutes(1));
        await settleUnrecordedCharges(s());
      }
      expect(await paymentRow(payment.uuid)).toMatchObject({ providerRef: null, status: 'pending' });
      expect(await ruleIds(CHARGE_UNANSWERED, t.clock.now)).toEqual([
        { payment: payment.uuid, booking: booking.uuid },
      ]);
    } finally {
      t.app.services.payments = real;
    }
    // Back: found and refunded (its hold is long over).
    t.clock.advance(minutes(1));
    await settleUnrecordedCharges(s());
    expect(await paymentRow(payment.uuid)).toMatchObject({ status: 'refunded', refundedCents: 6500 });
    await expireHolds(s());
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
  });
});

describe('a horário fixo month whose charge died after the capture', () => {
  it('is not charged again while unanswered, and is attached and confirmed by the job', async () => {
    const seriesRoom = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Fixa', '1.0833');
    // A first date whose 4 weeks reach into a next month still to be charged.
    let first = addDays(zonedDate(t.clock.now, ZONE), 3);
    const later = (d: string) => monthOf(addDays(d, 21));
    while (monthOf(first) === later(first) || chargeDate(later(first), ZONE) <= t.clock.now)
      first = addDays(first, 1);
    const made = await request(t.app, {
      method: 'POST',
      url: '/api/customer/series',
      token: customer.token,
      payload: {
        room_uuid: seriesRoom.uuid,
        date_time: `${first}T09:00:00-03:00`,
        minutes: 60,
        weeks: 4,
        payment_method: 'card',
        card_uuid: cardUuid,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const month = (made.json().data.series as Series).months[1]!;
    t.clock.advance(Date.parse(month.charge_at!) - t.clock.now.getTime() + minutes(1));
    fault.next = 'after';
    fault.calls = [];
    fault.startedSeen = [];
    expect(await chargeDueSeriesMonths(s())).toBe(1);
    const [row] = await t.db
      .select({ payment: payments })
      .from(bookings)
      .innerJoin(payments, eq(payments.bookingId, bookings.id))
      .where(eq(bookings.uuid, month.booking_uuid));
    const payment = row!.payment;
    expect(fault.startedSeen).toEqual([t.clock.now]);
    expect(payment).toMatchObject({ status: 'pending', providerRef: null, chargeStartedAt: t.clock.now });
    // The month's lease ends: it is not charged again (another key could charge twice) …
    t.clock.advance(minutes(11));
    expect(await chargeDueSeriesMonths(s())).toBe(0);
    // … nor can a week of it be left out as if unbilled.
    const skip = await request(t.app, {
      method: 'POST',
      url: `/api/customer/series/${(made.json().data.series as Series).uuid}/skip`,
      token: customer.token,
      payload: { date: addDays(first, 21) },
    });
    expect(skip.statusCode, skip.body).toBe(409);
    // The job finds the capture and confirms the month; one provider call in all.
    expect(await settleUnrecordedCharges(s())).toBe(1);
    expect(await paymentRow(payment.uuid)).toMatchObject({
      status: 'paid',
      providerRef: `ch_sandbox_${payment.uuid}`,
    });
    expect((await bookingRow(month.booking_uuid)).status).toBe('confirmed');
    t.clock.advance(minutes(11));
    expect(await chargeDueSeriesMonths(s())).toBe(0);
    expect(fault.calls).toEqual([`${payment.uuid}-1`]);
    expect(await checkLedger(t.db, { now: inMinutes(31) })).toEqual([]);
  });
});
