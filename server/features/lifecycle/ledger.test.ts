import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SQL, sql, TransactionRollbackError } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '#common/contracts/booking';
import { addDays, zonedDate } from '#common/time/zone';
import { openPglite, openPostgres, queryRows, type Tx } from '../../db/client.ts';
import { lockDataDir } from '../../lib/data-dir-lock.ts';
import { main } from '../../ops/ledger-check.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { bookByCard, openRoom, putOnPlan, saveCard } from '../../test/supply-fixtures.ts';
import {
  BUFFER_LOST,
  CANCEL_REFUND_POLICY,
  CHARGE_UNANSWERED,
  CONFIRMED_UNPAID,
  checkLedger,
  LATE_MONEY_KEPT,
  type LedgerViolation,
  ORPHAN_CHARGE,
  PAYMENT_SPLIT,
  PAYOUT_LINE_TWICE,
  PAYOUT_SUM,
  PAYOUT_UNAVAILABLE,
  REFUND_NOT_ONCE,
  REFUND_OVER_CAPTURE,
  REFUND_STUCK,
  REFUND_SUM,
  SLOT_TWICE,
} from './ledger.ts';
import { expireHolds } from './lifecycle.service.ts';
import { refreshSplit } from './split.ts';

let t: TestContext;
let partner: Awaited<ReturnType<typeof signedInAs>>;
let specialist: Awaited<ReturnType<typeof signedInAs>>;
let room: { uuid: string };
let cardUuid: string;
let day: string;

/** The bookings of the scenario, each left in one state the lifecycle produces. */
const b = {} as Record<
  | 'partlyCanceled'
  | 'partnerCanceled'
  | 'lateCanceled'
  | 'disputed'
  | 'pixPaid'
  | 'pixCanceledThenPaid'
  | 'pixExpiredThenPaid'
  | 'pixRefundedByProvider'
  | 'pixFailed'
  | 'pixPending',
  Booking
>;

const at = (hh: string) => `${day}T${hh}:00:00-03:00`;

let eventCount = 0;
async function webhook(type: 'payment.paid' | 'payment.failed' | 'payment.refunded', booking: Booking) {
  eventCount += 1;
  const raw = JSON.stringify({
    id: `evt_ledger_${eventCount}`,
    type,
    data: { payment_uuid: booking.payment.uuid },
  });
  const ts = Math.floor(t.clock.now.getTime() / 1000);
  const v1 = createHmac('sha256', t.config.paymentWebhookSecret).update(`${ts}.${raw}`).digest('hex');
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/payments/webhook',
    xsrf: false,
    payload: raw,
    headers: { 'content-type': 'application/json', 'x-webhook-signature': `t=${ts},v1=${v1}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.applied).toBe(true);
}

async function bookByPix(hh: string): Promise<Booking> {
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/customer/appointment/bulk',
    token: specialist.token,
    payload: { room_uuid: room.uuid, date_times: [at(hh)], payment_method: 'pix' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Booking;
}

async function customerCancels(booking: Booking, index = 0) {
  const res = await request(t.app, {
    method: 'POST',
    url: `/api/customer/appointment/${booking.appointments[index]!.uuid}/cancel`,
    token: specialist.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { refund_cents: number };
}

async function partnerSets(booking: Booking, status: 'canceled' | 'completed' | 'no_show', index = 0) {
  const appointment = booking.appointments[index]!;
  const res = await request(t.app, {
    method: 'POST',
    url: `/api/partner/appointment/${appointment.uuid}/status/update`,
    token: partner.token,
    payload: { date_time: appointment.date_time, status },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { refund_cents: number };
}

beforeAll(async () => {
  t = await createTestContext();
  partner = await signedInAs(t, 'partner');
  // The partner's plan takes 12,5 % of what is kept (later changed, to show each payment keeps its own).
  await putOnPlan(t, partner.user, '12.5', 'Livro-Caixa');
  specialist = await signedInAs(t, 'customer');
  ({ room } = await openRoom(t, partner, { room: 'Sala Livro-Caixa' }));
  cardUuid = (await saveCard(t, specialist.user, specialist.token)).uuid;
  day = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 3);
  const byCard = (hours: string[]) => bookByCard(t, specialist.token, room.uuid, cardUuid, hours.map(at));

  // Card: one hour of two canceled by the customer in time (refunded), one by the partner.
  b.partlyCanceled = await byCard(['08', '09']);
  expect((await customerCancels(b.partlyCanceled)).refund_cents).toBe(6000);
  b.partnerCanceled = await byCard(['10']);
  expect((await partnerSets(b.partnerCanceled, 'canceled')).refund_cents).toBe(6000);
  b.lateCanceled = await byCard(['12']);
  b.disputed = await byCard(['07']);

  // Pix: paid; canceled unpaid and paid later; expired and paid later; refunded by the provider; refused.
  b.pixPaid = await bookByPix('14');
  await webhook('payment.paid', b.pixPaid);
  b.pixCanceledThenPaid = await bookByPix('15');
  await customerCancels(b.pixCanceledThenPaid);
  t.clock.advance(60_000);
  await webhook('payment.paid', b.pixCanceledThenPaid);
  b.pixExpiredThenPaid = await bookByPix('16');
  t.clock.advance(16 * 60_000);
  expect(await expireHolds(t.app.services)).toBeGreaterThanOrEqual(1);
  await webhook('payment.paid', b.pixExpiredThenPaid);
  b.pixRefundedByProvider = await bookByPix('17');
  await webhook('payment.paid', b.pixRefundedByProvider);
  await webhook('payment.refunded', b.pixRefundedByProvider);
  b.pixFailed = await bookByPix('18');
  await webhook('payment.failed', b.pixFailed);

  // The day itself: hours that started are completed or no-show, a late cancellation refunds nothing,
  // and a completed hour the provider refunded afterwards (a dispute) stays completed.
  t.clock.now = new Date(at('09').replace(':00:00', ':30:00'));
  await partnerSets(b.partlyCanceled, 'no_show', 1);
  await partnerSets(b.disputed, 'completed');
  await webhook('payment.refunded', b.disputed);
  expect((await customerCancels(b.lateCanceled)).refund_cents).toBe(0);
  b.pixPending = await bookByPix('19');
}, 120_000);
afterAll(() => t?.close());

/**
 * Runs `corrupt` and the check in one transaction, then rolls it back: each test starts clean. The
 * payments' split is computed again after the corruption, as the lifecycle would (so each test sees
 * only its own rule), unless the test corrupts the split itself.
 */
async function violationsAfter(
  corrupt: (tx: Tx) => Promise<unknown>,
  now = t.clock.now,
  { resplit = true } = {},
) {
  let found: LedgerViolation[] = [];
  await t.db
    .transaction(async (tx) => {
      await corrupt(tx);
      if (resplit) await refreshSplit(tx, sql`true`);
      found = await checkLedger(tx, { now });
      tx.rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof TransactionRollbackError)) throw err;
    });
  return found;
}

const rulesOf = (violations: LedgerViolation[]) => [...new Set(violations.map((v) => v.rule))].sort();

async function one<T extends Record<string, unknown>>(db: Tx | TestContext['db'], query: SQL): Promise<T> {
  const [row] = await queryRows<T>(db, query);
  if (!row) throw new Error('linha não encontrada');
  return row;
}

const refundOf = (db: Tx, booking: Booking) =>
  one<{ uuid: string; id: number }>(
    db,
    sql`select r.uuid, r.id from refunds r join payments p on p.id = r.payment_id
        where p.uuid = ${booking.payment.uuid} order by r.id limit 1`,
  );

describe('ledger check on a consistent database', () => {
  it('finds nothing after every kind of booking, cancellation, late payment and provider refund', async () => {
    const states = await queryRows<{ status: string; payment: string }>(
      t.db,
      sql`select b.status, p.status as payment from bookings b join payments p on p.booking_id = b.id order by b.id`,
    );
    expect(states).toEqual([
      { status: 'confirmed', payment: 'partially_refunded' },
      { status: 'canceled', payment: 'refunded' },
      { status: 'canceled', payment: 'paid' },
      { status: 'confirmed', payment: 'refunded' },
      { status: 'confirmed', payment: 'paid' },
      { status: 'canceled', payment: 'refunded' },
      { status: 'expired', payment: 'refunded' },
      { status: 'canceled', payment: 'refunded' },
      { status: 'failed', payment: 'failed' },
      { status: 'pending_payment', payment: 'pending' },
    ]);
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
  });

  it('splits each payment: gross captured, the plan commission of what was kept, the partner net', async () => {
    const split = (booking: Booking) =>
      one<Record<string, number | string | null>>(
        t.db,
        sql`select amount_cents, refunded_cents, gross_cents, fee_percent::float as fee_percent, fee_cents, net_cents
            from payments where uuid = ${booking.payment.uuid}`,
      );
    // Two hours, one refunded: 12,5 % of the hour kept.
    const partly = await split(b.partlyCanceled);
    const kept = Number(partly.amount_cents) - Number(partly.refunded_cents);
    expect(Number(partly.refunded_cents)).toBeGreaterThan(0);
    expect(partly).toMatchObject({
      gross_cents: partly.amount_cents,
      fee_percent: 12.5,
      fee_cents: Math.round((kept * 12.5) / 100),
      net_cents: kept - Math.round((kept * 12.5) / 100),
    });
    // Refunded in full: nothing kept, no commission. Never paid: nothing at all.
    expect(await split(b.partnerCanceled)).toMatchObject({ fee_cents: 0, net_cents: 0, fee_percent: 12.5 });
    expect(await split(b.pixPending)).toMatchObject({
      gross_cents: 0,
      fee_cents: 0,
      net_cents: 0,
      fee_percent: null,
    });
    // A new plan applies to money that arrives later, not to what was already paid.
    await t.db.execute(sql`update plans set commission_percent = 30 where name = 'Livro-Caixa'`);
    try {
      await t.db.transaction(async (tx) => {
        await refreshSplit(tx, sql`true`);
        expect(
          await one(
            tx,
            sql`select fee_percent::float as p from payments where uuid = ${b.partlyCanceled.payment.uuid}`,
          ),
        ).toEqual({ p: 12.5 });
        expect(await checkLedger(tx, { now: t.clock.now })).toEqual([]);
        tx.rollback();
      });
    } catch (err) {
      if (!(err instanceof TransactionRollbackError)) throw err;
    } finally {
      await t.db.execute(sql`update plans set commission_percent = 12.5 where name = 'Livro-Caixa'`);
    }
  });
});

describe('ledger check finds each corruption', () => {
  it(`${REFUND_OVER_CAPTURE}: more given back than charged, money back on an uncaptured payment, a gateway over its capture`, async () => {
    const over = await violationsAfter(async (tx) => {
      await tx.execute(sql`alter table payments drop constraint payments_refund_check`);
      await tx.execute(
        sql`update payments set refunded_cents = amount_cents + 100 where uuid = ${b.partnerCanceled.payment.uuid}`,
      );
    });
    expect(rulesOf(over)).toEqual([REFUND_OVER_CAPTURE, REFUND_SUM]);
    expect(over.find((v) => v.rule === REFUND_OVER_CAPTURE)!.ids).toEqual({
      payment: b.partnerCanceled.payment.uuid,
      booking: b.partnerCanceled.uuid,
    });

    const uncaptured = await violationsAfter((tx) =>
      tx.execute(sql`update payments set refunded_cents = 100 where uuid = ${b.pixFailed.payment.uuid}`),
    );
    expect(uncaptured.filter((v) => v.rule === REFUND_OVER_CAPTURE).map((v) => v.ids.payment)).toEqual([
      b.pixFailed.payment.uuid,
    ]);

    const gateway = await violationsAfter((tx) =>
      tx.execute(sql`update sandbox_charges set refunded_cents = captured_cents + 1
                     where ref = (select provider_ref from payments where uuid = ${b.pixPaid.payment.uuid})`),
    );
    expect(gateway).toEqual([
      expect.objectContaining({
        rule: REFUND_OVER_CAPTURE,
        ids: expect.objectContaining({ payment: b.pixPaid.payment.uuid }),
      }),
    ]);
  });

  it(`${REFUND_SUM}: a refunded total that is not the sum of the refunds`, async () => {
    const found = await violationsAfter((tx) =>
      tx.execute(
        sql`update payments set refunded_cents = 5000 where uuid = ${b.partlyCanceled.payment.uuid}`,
      ),
    );
    expect(found).toEqual([
      {
        rule: REFUND_SUM,
        message: expect.stringContaining('somam R$'),
        ids: { payment: b.partlyCanceled.payment.uuid, booking: b.partlyCanceled.uuid },
      },
    ]);
  });

  it(`${REFUND_NOT_ONCE}: a refund the gateway never saw, and one it made that we never asked for`, async () => {
    let refund = '';
    const missing = await violationsAfter(async (tx) => {
      refund = (await refundOf(tx, b.partlyCanceled)).uuid;
      await tx.execute(sql`delete from sandbox_refunds where idempotency_key = ${refund}`);
    });
    expect(rulesOf(missing)).toEqual([REFUND_NOT_ONCE]);
    expect(missing.map((v) => v.ids.refund).filter(Boolean)).toEqual([refund]);

    const unknown = await violationsAfter((tx) =>
      tx.execute(sql`insert into sandbox_refunds (idempotency_key, charge_ref, amount_cents)
                     select 'repetido-123', provider_ref, 6000 from payments where uuid = ${b.partlyCanceled.payment.uuid}`),
    );
    expect(rulesOf(unknown)).toEqual([REFUND_NOT_ONCE]);
    expect(unknown.map((v) => v.ids.idempotency_key).filter(Boolean)).toEqual(['repetido-123']);
    // Per charge too: the gateway gave back 12 000, we sent 6 000.
    expect(unknown.some((v) => v.ids.payment === b.partlyCanceled.payment.uuid && !v.ids.refund)).toBe(true);
  });

  it(`${SLOT_TWICE}: two hours of one room overlapping (past the exclusion constraint)`, async () => {
    const found = await violationsAfter(async (tx) => {
      await tx.execute(sql`alter table appointments drop constraint appointments_room_time_excl`);
      return tx.execute(sql`insert into appointments (booking_id, room_id, customer_id, starts_at, ends_at, status, price_cents)
                     select booking_id, room_id, customer_id, starts_at + interval '30 minutes',
                            ends_at + interval '30 minutes', 'confirmed', price_cents
                     from appointments where uuid = ${b.pixPaid.appointments[0]!.uuid}`);
    });
    expect(rulesOf(found)).toEqual([SLOT_TWICE]);
    expect(found[0]!.ids).toMatchObject({ appointment: b.pixPaid.appointments[0]!.uuid, room: room.uuid });
  });

  it(`${SLOT_TWICE}: another booking inside the cleaning time after an hour (past the exclusion constraint)`, async () => {
    const found = await violationsAfter(async (tx) => {
      // As if written before the constraint existed: drop it inside the rolled-back transaction.
      await tx.execute(sql`alter table appointments drop constraint appointments_room_time_excl`);
      await tx.execute(
        sql`update appointments set buffer_minutes = 30 where uuid = ${b.pixPaid.appointments[0]!.uuid}`,
      );
      await tx.execute(sql`insert into appointments (booking_id, room_id, customer_id, starts_at, ends_at, status, price_cents)
                     select o.id, a.room_id, a.customer_id, a.ends_at + interval '15 minutes',
                            a.ends_at + interval '75 minutes', 'confirmed', a.price_cents
                     from appointments a, bookings o
                     where a.uuid = ${b.pixPaid.appointments[0]!.uuid} and o.uuid = ${b.partlyCanceled.uuid}`);
    });
    expect(rulesOf(found)).toContain(SLOT_TWICE);
    expect(found.find((v) => v.rule === SLOT_TWICE)!.ids).toMatchObject({
      appointment: b.pixPaid.appointments[0]!.uuid,
    });
  });

  it(`${BUFFER_LOST}: the hour that now ends a booked stretch lost the booking's cleaning time`, async () => {
    // 08:00 (canceled) was booked with 30 minutes of cleaning; 09:00, still held, has none.
    const [canceled, held] = b.partlyCanceled.appointments;
    const found = await violationsAfter((tx) =>
      tx.execute(sql`update appointments set buffer_minutes = 30 where uuid = ${canceled!.uuid}`),
    );
    expect(rulesOf(found)).toEqual([BUFFER_LOST]);
    expect(found[0]!.ids).toEqual({ appointment: held!.uuid, booking: b.partlyCanceled.uuid });
  });

  it(`${CONFIRMED_UNPAID}: confirmed hours without a captured payment, a hold whose payment is not pending`, async () => {
    const confirmed = await violationsAfter((tx) =>
      tx.execute(sql`update payments set status = 'pending' where uuid = ${b.pixPaid.payment.uuid}`),
    );
    expect(rulesOf(confirmed)).toEqual([CONFIRMED_UNPAID]);
    expect(confirmed.map((v) => v.ids.appointment ?? v.ids.booking)).toEqual([
      b.pixPaid.appointments[0]!.uuid,
      b.pixPaid.uuid,
    ]);

    const hold = await violationsAfter((tx) =>
      tx.execute(sql`update payments set status = 'failed' where uuid = ${b.pixPending.payment.uuid}`),
    );
    expect(hold).toEqual([
      expect.objectContaining({
        rule: CONFIRMED_UNPAID,
        ids: { booking: b.pixPending.uuid, payment: b.pixPending.payment.uuid },
      }),
    ]);
  });

  it(`${CANCEL_REFUND_POLICY}: a partner's cancellation refunded short, a late one by the customer refunded`, async () => {
    const partnerShort = await violationsAfter((tx) =>
      tx.execute(
        sql`update appointments set refund_cents = 0 where uuid = ${b.partnerCanceled.appointments[0]!.uuid}`,
      ),
    );
    expect(partnerShort).toEqual([
      expect.objectContaining({
        rule: CANCEL_REFUND_POLICY,
        message: expect.stringContaining('pelo parceiro'),
        ids: expect.objectContaining({ appointment: b.partnerCanceled.appointments[0]!.uuid }),
      }),
    ]);

    const lateRefunded = await violationsAfter((tx) =>
      tx.execute(
        sql`update appointments set refund_cents = price_cents where uuid = ${b.lateCanceled.appointments[0]!.uuid}`,
      ),
    );
    expect(lateRefunded).toEqual([
      expect.objectContaining({
        rule: CANCEL_REFUND_POLICY,
        message: expect.stringContaining('pelo cliente'),
        ids: expect.objectContaining({ appointment: b.lateCanceled.appointments[0]!.uuid }),
      }),
    ]);
  });

  it(`${LATE_MONEY_KEPT}: a late Pix kept, on an expired booking and on one canceled unpaid`, async () => {
    const keep = (booking: Booking) => async (tx: Tx) => {
      await tx.execute(sql`delete from sandbox_refunds where idempotency_key in (
        select r.uuid::text from refunds r join payments p on p.id = r.payment_id where p.uuid = ${booking.payment.uuid})`);
      await tx.execute(
        sql`delete from refunds where payment_id = (select id from payments where uuid = ${booking.payment.uuid})`,
      );
      await tx.execute(
        sql`update payments set refunded_cents = 0, status = 'paid' where uuid = ${booking.payment.uuid}`,
      );
    };
    for (const booking of [b.pixExpiredThenPaid, b.pixCanceledThenPaid]) {
      const found = await violationsAfter(keep(booking));
      expect(found).toEqual([
        expect.objectContaining({
          rule: LATE_MONEY_KEPT,
          ids: { payment: booking.payment.uuid, booking: booking.uuid },
        }),
      ]);
    }
  });

  it(`${PAYMENT_SPLIT}: a commission off by a centavo, gross on money never captured, a provider fee above the gross`, async () => {
    const found = await violationsAfter(
      async (tx) => {
        await tx.execute(
          sql`update payments set fee_cents = fee_cents + 1 where uuid = ${b.pixPaid.payment.uuid}`,
        );
        await tx.execute(
          sql`update payments set gross_cents = amount_cents where uuid = ${b.pixPending.payment.uuid}`,
        );
        await tx.execute(
          sql`update payments set provider_fee_cents = gross_cents + 1 where uuid = ${b.partlyCanceled.payment.uuid}`,
        );
      },
      t.clock.now,
      { resplit: false },
    );
    expect(rulesOf(found)).toEqual([PAYMENT_SPLIT]);
    expect(found.map((v) => v.ids.payment).sort()).toEqual(
      [b.pixPaid.payment.uuid, b.pixPending.payment.uuid, b.partlyCanceled.payment.uuid].sort(),
    );
    expect(found[0]!.message).toMatch(/^Divisão do pagamento não confere/);
  });

  it(`${PAYOUT_SUM}, ${PAYOUT_LINE_TWICE}, ${PAYOUT_UNAVAILABLE}: payouts that do not add up, carry a line twice, or pay what was not available`, async () => {
    const found = await violationsAfter(async (tx) => {
      const partnerId = sql`(select id from users where uuid = ${partner.user.uuid})`;
      const hour = sql`(select a.id from appointments a join bookings b on b.id = a.booking_id where b.uuid = ${b.pixPaid.uuid} limit 1)`;
      // Two payouts carry the same hour, one of them before it ended (and its sum is off).
      await tx.execute(
        sql`insert into payouts (partner_id, amount_cents, created_at) values
            (${partnerId}, 100, now() + interval '30 days'), (${partnerId}, 999, now() - interval '30 days')`,
      );
      await tx.execute(
        sql`insert into payout_items (payout_id, appointment_id, amount_cents)
            select id, ${hour}, 100 from payouts where partner_id = ${partnerId}`,
      );
    });
    expect(rulesOf(found)).toEqual([PAYOUT_LINE_TWICE, PAYOUT_SUM, PAYOUT_UNAVAILABLE].sort());
    expect(found.filter((v) => v.rule === PAYOUT_SUM)).toHaveLength(1);
    expect(found.find((v) => v.rule === PAYOUT_UNAVAILABLE)!.message).toMatch(
      /antes de ele ficar disponível/,
    );
  });

  it(`${REFUND_STUCK}: a refund still pending a day later (not before)`, async () => {
    // The gateway made the refund but its answer never came back: pending, with the key on its side.
    const answerLost = async (tx: Tx) => {
      const refund = await refundOf(tx, b.partnerCanceled);
      await tx.execute(sql`update refunds set status = 'pending' where id = ${refund.id}`);
    };
    const { created_at } = await one<{ created_at: Date | string }>(
      t.db,
      sql`select r.created_at from refunds r join payments p on p.id = r.payment_id
          where p.uuid = ${b.partnerCanceled.payment.uuid}`,
    );
    const hoursLater = (h: number) => new Date(new Date(created_at).getTime() + h * 3_600_000);
    expect(await violationsAfter(answerLost, hoursLater(23))).toEqual([]);
    const found = await violationsAfter(answerLost, hoursLater(25));
    expect(found).toEqual([
      expect.objectContaining({
        rule: REFUND_STUCK,
        ids: expect.objectContaining({ payment: b.partnerCanceled.payment.uuid }),
      }),
    ]);
  });
});

describe('ledger check finds money the provider holds and our books do not (DESIGN §10)', () => {
  const uuid = () => randomUUID();
  const minutesAfter = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

  it(`${ORPHAN_CHARGE}: a capture no payment holds, or whose payment never recorded it — after 30 minutes`, async () => {
    const asked = t.clock.now;
    const stray = `ch_sandbox_${uuid()}`;
    const unrecorded = `ch_sandbox_${b.pixPending.payment.uuid}`;
    const heldByFailed = `ch_sandbox_${b.pixFailed.payment.uuid}`;
    const capture = (tx: Tx, ref: string, refunded = 0) =>
      tx.execute(
        sql`insert into sandbox_charges (ref, captured_cents, refunded_cents, created_at)
            values (${ref}, 6500, ${refunded}, ${asked.toISOString()}::timestamptz)`,
      );
    const corrupt = async (tx: Tx) => {
      // Captured for no payment we know; captured for a payment whose answer was lost (it holds
      // no reference); held by a payment our books say failed.
      await capture(tx, stray);
      await capture(tx, unrecorded);
      await capture(tx, heldByFailed);
      await tx.execute(
        sql`update payments set provider_ref = ${heldByFailed} where uuid = ${b.pixFailed.payment.uuid}`,
      );
      // Not orphans: one given back in full, and a Pix the sandbox books up front (paid only by
      // its event).
      await capture(tx, `ch_sandbox_${uuid()}`, 6500);
      await capture(tx, `pix_sandbox_${uuid()}`);
    };
    expect(await violationsAfter(corrupt, minutesAfter(asked, 29))).toEqual([]);
    const found = (await violationsAfter(corrupt, minutesAfter(asked, 31))).filter(
      (v) => v.rule === ORPHAN_CHARGE,
    );
    const byCharge = new Map(found.map((v) => [v.ids.charge, v]));
    expect(found).toHaveLength(3);
    expect(byCharge.get(heldByFailed)?.ids).toEqual({
      charge: heldByFailed,
      payment: b.pixFailed.payment.uuid,
      booking: b.pixFailed.uuid,
    });
    expect(byCharge.get(heldByFailed)?.message).toContain('está “recusado”');
    expect(byCharge.get(unrecorded)?.ids).toEqual({
      charge: unrecorded,
      payment: b.pixPending.payment.uuid,
      booking: b.pixPending.uuid,
    });
    expect(byCharge.get(stray)?.ids).toEqual({ charge: stray });
    expect(byCharge.get(stray)?.message).toMatch(
      /^Cobrança ch_sandbox_.* capturou R\$\s65,00 .* nenhum pagamento nosso/,
    );
  });

  it(`${CHARGE_UNANSWERED}: a charge asked over 30 minutes ago whose answer was never written`, async () => {
    const asked = t.clock.now;
    const corrupt = async (tx: Tx) => {
      // Asked, and its answer lost: no reference.
      await tx.execute(
        sql`update payments set provider_ref = null, charge_started_at = ${asked.toISOString()}::timestamptz
            where uuid = ${b.pixPending.payment.uuid}`,
      );
      // Asked and answered (it holds the provider's reference): nothing to report.
      await tx.execute(
        sql`update payments set charge_started_at = ${asked.toISOString()}::timestamptz
            where uuid = ${b.pixPaid.payment.uuid}`,
      );
    };
    expect(await violationsAfter(corrupt, minutesAfter(asked, 29))).toEqual([]);
    const found = await violationsAfter(corrupt, minutesAfter(asked, 31));
    expect(found).toEqual([
      {
        rule: CHARGE_UNANSWERED,
        message: expect.stringContaining('sem resposta registrada'),
        ids: { payment: b.pixPending.payment.uuid, booking: b.pixPending.uuid },
      },
    ]);
  });
});

describe('npm run ledger:check', () => {
  const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'salas-ledger-'));
  const capture = () => {
    const lines: string[] = [];
    return { lines, io: { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) } };
  };
  const corrupt = sql`insert into sandbox_charges (ref, captured_cents, refunded_cents) values ('pix_sandbox_x', 100, 200)`;

  it('answers 0 on a consistent embedded database and 1 with the violations listed', async () => {
    const dir = tmp();
    const database = await openPglite(path.join(dir, 'db'));
    await database.migrate();
    await database.close();
    const clean = capture();
    expect(await main([], { DATA_DIR: dir }, clean.io)).toBe(0);
    expect(clean.lines).toEqual(['Nenhuma violação: o livro-caixa está consistente.']);

    const again = await openPglite(path.join(dir, 'db'));
    await again.db.execute(corrupt);
    await again.close();
    const broken = capture();
    expect(await main([], { DATA_DIR: dir }, broken.io)).toBe(1);
    expect(broken.lines).toEqual([
      expect.stringMatching(/^\[refund_over_capture\] .* — cobrança=pix_sandbox_x$/),
      '1 violação',
    ]);

    // A capture no payment holds, 31 minutes old (DESIGN §10): named too.
    const ref = `ch_sandbox_${randomUUID()}`;
    const third = await openPglite(path.join(dir, 'db'));
    await third.db.execute(
      sql`insert into sandbox_charges (ref, captured_cents, created_at)
          values (${ref}, 6500, now() - interval '31 minutes')`,
    );
    await third.close();
    const orphan = capture();
    expect(await main([], { DATA_DIR: dir }, orphan.io)).toBe(1);
    expect(orphan.lines).toEqual([
      expect.stringMatching(/^\[refund_over_capture\] /),
      expect.stringMatching(
        new RegExp(`^\\[orphan_charge\\] Cobrança ${ref} capturou .* — cobrança=${ref}$`),
      ),
      '2 violações',
    ]);
    expect(fs.existsSync(path.join(dir, 'salas.lock'))).toBe(false);
  }, 60_000);

  it('refuses (2) while a server holds the folder, without migrations, or without a database', async () => {
    const dir = tmp();
    const database = await openPglite(path.join(dir, 'db'));
    await database.close();
    const unmigrated = capture();
    expect(await main([], { DATA_DIR: dir }, unmigrated.io)).toBe(2);
    expect(unmigrated.lines.join('\n')).toContain('precisa primeiro das migrações do servidor');

    const release = lockDataDir(dir);
    try {
      const locked = capture();
      expect(await main([], { DATA_DIR: dir }, locked.io)).toBe(2);
      expect(locked.lines.join('\n')).toContain('só pode ser verificado com o servidor parado');
    } finally {
      release();
    }

    const empty = capture();
    expect(await main([], { DATA_DIR: tmp() }, empty.io)).toBe(2);
    expect(empty.lines.join('\n')).toContain('Não há banco embutido');
  }, 60_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'checks a PostgreSQL of DATABASE_URL',
    async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const name = `salas_ledger_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      try {
        const database = await openPostgres(target.toString(), 1);
        await database.migrate();
        const io = capture().io;
        expect(await main([], { DATABASE_URL: target.toString() }, io)).toBe(0);
        await database.db.execute(corrupt);
        expect(await main([], { DATABASE_URL: target.toString() }, io)).toBe(1);
        await database.close();
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    60_000,
  );
});
