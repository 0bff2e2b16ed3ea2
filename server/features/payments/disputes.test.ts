/**
 * Disputes at the provider (DESIGN §9), through the product with Mercado Pago's API played by the
 * local fake: a payment put `in_mediation` becomes `disputed` (operators mailed, the partner's share
 * held, refunds of it wait), approved again settles it (the waiting refunds go), `charged_back` ends
 * it (the waiting refunds are void, nothing more goes back). The provider's fee is recorded; the
 * daily comparison's differences and refunds stuck for a day are listed to the operator and a stuck
 * refund mailed once. Runs on PGlite and, under `npm run test:pg`, on PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBrl } from '#common/money';
import { addDays, zonedDate } from '#common/time/zone';
import { queryRows } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { createMercadoPagoTestContext, saveFakeCard } from '../../test/mercadopago-app.ts';
import { type FakeMercadoPago, fakeCardToken } from '../../test/mercadopago-fake.ts';
import { openRoom, putOnPlan } from '../../test/supply-fixtures.ts';
import { checkLedger } from '../lifecycle/ledger.ts';
import { reportStuckRefunds, retryRefunds } from '../lifecycle/refunds.service.ts';
import { compareRecentCharges } from './reconcile.service.ts';

const SECRET = 'mp-webhook-secret-disputes-0123';
let fake: FakeMercadoPago;
let t: TestContext;
let customer: Awaited<ReturnType<typeof signedInAs>>;
let partner: Awaited<ReturnType<typeof signedInAs>>;
let operator: Awaited<ReturnType<typeof signedInAs>>;
let room: { uuid: string };
let cardUuid: string;
let day: string;
let hour = 8;

beforeAll(async () => {
  ({ fake, t } = await createMercadoPagoTestContext({ MERCADOPAGO_WEBHOOK_SECRET: SECRET }));
  operator = await signedInAs(t, 'owner');
  partner = await signedInAs(t, 'partner');
  customer = await signedInAs(t, 'customer');
  ({ room } = await openRoom(t, partner, { room: 'Sala Disputa' }));
  // The partner's plan keeps 10 % of what is kept.
  await putOnPlan(t, partner.user, '10', 'Disputas');
  cardUuid = await saveFakeCard(t, customer);
  day = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 5);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A card booking of one hour (or more, in a row), approved at once. */
async function paidBooking(hours = 1) {
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/customer/appointment/bulk',
    token: customer.token,
    payload: {
      room_uuid: room.uuid,
      date_times: Array.from(
        { length: hours },
        () => `${day}T${String(hour++).padStart(2, '0')}:00:00-03:00`,
      ),
      payment_method: 'card',
      card_uuid: cardUuid,
      card_token: fakeCardToken('APRO'),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const b = res.json().data;
  const [row] = await t.db.select().from(payments).where(eq(payments.uuid, b.payment.uuid));
  return { booking: b, payment: row!, mpId: row!.providerRef! };
}

const notify = (mpId: string) => {
  const n = fake.notification(mpId, { secret: SECRET, now: t.clock.now });
  return request(t.app, {
    method: 'POST',
    url: `/api/payments/webhook?${new URLSearchParams(n.query as Record<string, string>)}`,
    xsrf: false,
    payload: n.rawBody,
    headers: n.headers as Record<string, string>,
  });
};

const paymentRow = async (uuid: string) =>
  (await t.db.select().from(payments).where(eq(payments.uuid, uuid)))[0]!;
const attention = async () => {
  const res = await request(t.app, {
    method: 'GET',
    url: '/api/fusion/payments/attention',
    token: operator.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const mailsTo = (email: string) => t.mail.filter((m) => m.to === email);

/**
 * Refunds whose next call times out: `after` Mercado Pago applied it (the answer is lost), or
 * `before` it reached it; every call's idempotency key is kept in `calls`.
 */
function timingOutRefunds() {
  const real = t.app.services.payments;
  const state = {
    calls: [] as string[],
    timeout: null as 'after' | 'before' | null,
    restore: () => {
      t.app.services.payments = real;
    },
  };
  t.app.services.payments = {
    ...real,
    async refund(ref, amount, key, collector) {
      state.calls.push(key);
      const now = state.timeout;
      state.timeout = null;
      if (now === 'after') await real.refund(ref, amount, key, collector);
      if (now) throw new Error('tempo esgotado falando com o provedor');
      return real.refund(ref, amount, key, collector);
    },
  };
  return state;
}

/** The refunds of a payment, in the order they were written. */
const refundsOf = (paymentId: number) =>
  queryRows<{ uuid: string; status: string; provider_ref: string | null; last_error: string | null }>(
    t.db,
    sql`select uuid, status, provider_ref, last_error from refunds where payment_id = ${paymentId} order by id`,
  );

/**
 * Cancels the booking's first two hours: the customer the first, whose refund reaches Mercado Pago
 * but whose answer is lost; the partner the second, whose refund never reaches it.
 */
async function cancelTwoLosingAnswers(
  booking: { appointments: { uuid: string; date_time: string }[] },
  mpId: string,
  provider: ReturnType<typeof timingOutRefunds>,
) {
  const [first, second] = booking.appointments;
  provider.timeout = 'after';
  const byCustomer = await request(t.app, {
    method: 'POST',
    url: `/api/customer/appointment/${first!.uuid}/cancel`,
    token: customer.token,
  });
  expect(byCustomer.statusCode, byCustomer.body).toBe(200);
  provider.timeout = 'before';
  const byPartner = await request(t.app, {
    method: 'POST',
    url: `/api/partner/appointment/${second!.uuid}/status/update`,
    token: partner.token,
    payload: { date_time: second!.date_time, status: 'canceled' },
  });
  expect(byPartner.statusCode, byPartner.body).toBe(200);
  expect(provider.calls).toHaveLength(2);
  expect(fake.payments.get(Number(mpId))!.refunds).toHaveLength(1);
}

describe('disputes at Mercado Pago', () => {
  it('in_mediation: disputed, operators told, partner share held, refunds wait; approved again settles it', async () => {
    const { booking, payment, mpId } = await paidBooking();
    // The provider reports its own fee with the approval.
    fake.payments.get(Number(mpId))!.fee_details = [
      { type: 'mercadopago_fee', amount: 3.99, fee_payer: 'collector' },
    ];
    fake.setStatus(mpId, 'in_mediation', 'in_mediation');
    const before = mailsTo(operator.user.email).length;
    const res = await notify(mpId);
    expect(res.statusCode, res.body).toBe(200);

    const disputed = await paymentRow(payment.uuid);
    expect(disputed).toMatchObject({
      status: 'disputed',
      providerFeeCents: 399,
      grossCents: 6000,
      feeCents: 600,
      netCents: 5400,
    });
    const mail = mailsTo(operator.user.email).at(-1)!;
    expect(mailsTo(operator.user.email).length).toBe(before + 1);
    expect(mail.subject).toBe(`Pagamento em disputa: ${formatBrl(6000)} (Sala Disputa)`);
    expect(mail.text).toContain(customer.user.email);
    // The customer sees it on the payment; the operator on the dashboard, with the share held.
    const own = await request(t.app, {
      method: 'GET',
      url: `/api/customer/payment/${payment.uuid}`,
      token: customer.token,
    });
    expect(own.json().data.status).toBe('disputed');
    expect((await attention()).disputes).toEqual([
      expect.objectContaining({
        payment_uuid: payment.uuid,
        status: 'disputed',
        net_cents: 5400,
        provider_ref: mpId,
      }),
    ]);
    // The hours stay; a cancellation in time writes its refund, which waits for the dispute.
    const cancel = await request(t.app, {
      method: 'POST',
      url: `/api/customer/appointment/${booking.appointments[0].uuid}/cancel`,
      token: customer.token,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await retryRefunds(t.app.services);
    expect(fake.payments.get(Number(mpId))!.refunds).toHaveLength(0);
    expect((await paymentRow(payment.uuid)).status).toBe('disputed');
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);

    // The mediation ends in the seller's favour: approved again; the waiting refund goes now.
    fake.setStatus(mpId, 'approved', 'accredited');
    expect((await notify(mpId)).statusCode).toBe(200);
    expect(mailsTo(operator.user.email).at(-1)!.subject).toMatch(/^Disputa encerrada a favor da plataforma/);
    await retryRefunds(t.app.services);
    expect(fake.payments.get(Number(mpId))!.refunds).toHaveLength(1);
    expect(await paymentRow(payment.uuid)).toMatchObject({
      status: 'refunded',
      refundedCents: 6000,
      feeCents: 0,
      netCents: 0,
    });
    expect((await attention()).disputes).toEqual([]);
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
  });

  it('a refund whose call went unanswered before the dispute is asked again with its key: made, it is recorded; not made, it waits', async () => {
    // Three hours: two canceled before the dispute, one kept.
    const { booking, payment, mpId } = await paidBooking(3);
    const provider = timingOutRefunds();
    try {
      // The first hour's refund reaches Mercado Pago, but its answer is lost; the second's never does.
      await cancelTwoLosingAnswers(booking, mpId, provider);

      // Then the customer opens a dispute: the payment is frozen at Mercado Pago.
      fake.setStatus(mpId, 'in_mediation', 'in_mediation');
      expect((await notify(mpId)).statusCode).toBe(200);
      const row = await paymentRow(payment.uuid);
      expect(row.status).toBe('disputed');
      const [made, lost] = await refundsOf(row.id);
      t.clock.advance(60 * 60_000);
      await retryRefunds(t.app.services);
      // The one Mercado Pago made answers with its refund; the other is refused and waits.
      const madeThere = fake.payments.get(Number(mpId))!.refunds[0]!;
      expect(await refundsOf(row.id)).toEqual([
        { uuid: made!.uuid, status: 'succeeded', provider_ref: String(madeThere.id), last_error: null },
        { uuid: lost!.uuid, status: 'pending', provider_ref: null, last_error: null },
      ]);
      expect(fake.payments.get(Number(mpId))!.refunds).toHaveLength(1);
      expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
      // Known not made, it is not asked again while the dispute lasts.
      const asked = provider.calls.length;
      t.clock.advance(2 * 60 * 60_000);
      await retryRefunds(t.app.services);
      expect(provider.calls).toHaveLength(asked);

      // The dispute ends in the seller's favour: the waiting refund goes, once.
      fake.setStatus(mpId, 'approved', 'accredited');
      expect((await notify(mpId)).statusCode).toBe(200);
      await retryRefunds(t.app.services);
      expect(fake.payments.get(Number(mpId))!.refunds).toHaveLength(2);
      expect((await refundsOf(row.id)).map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
      expect(await paymentRow(payment.uuid)).toMatchObject({
        status: 'partially_refunded',
        refundedCents: 12000,
      });
      expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
    } finally {
      provider.restore();
    }
  });

  it('charged_back: the waiting refunds are void, a later cancellation gives nothing back, the share stays held', async () => {
    const { booking, payment, mpId } = await paidBooking();
    fake.setStatus(mpId, 'in_mediation', 'in_mediation');
    await notify(mpId);
    // The partner cancels while disputed: a full refund is written and waits.
    const cancel = await request(t.app, {
      method: 'POST',
      url: `/api/partner/appointment/${booking.appointments[0].uuid}/status/update`,
      token: partner.token,
      payload: { date_time: booking.appointments[0].date_time, status: 'canceled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    fake.setStatus(mpId, 'charged_back', 'settled');
    expect((await notify(mpId)).statusCode).toBe(200);
    const row = await paymentRow(payment.uuid);
    expect(row).toMatchObject({ status: 'charged_back', refundedCents: 0, netCents: 5400 });
    const [refund] = await queryRows<{ status: string; last_error: string }>(
      t.db,
      sql`select status, last_error from refunds where payment_id = ${row.id}`,
    );
    expect(refund).toEqual({
      status: 'failed',
      last_error: 'O valor já voltou ao cliente pelo estorno do cartão (chargeback).',
    });
    expect(mailsTo(operator.user.email).at(-1)!.subject).toBe(
      `Estorno (chargeback): ${formatBrl(6000)} (Sala Disputa)`,
    );
    await retryRefunds(t.app.services);
    expect(fake.payments.get(Number(mpId))!.refunds).toHaveLength(0);
    expect((await attention()).disputes).toEqual([
      expect.objectContaining({ payment_uuid: payment.uuid, status: 'charged_back' }),
    ]);
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);

    // Another charged-back booking: the operator cancels its hour, and nothing more goes back.
    const second = await paidBooking();
    fake.setStatus(second.mpId, 'charged_back', 'settled');
    await notify(second.mpId);
    const admin = await request(t.app, {
      method: 'POST',
      url: `/api/partner/appointment/${second.booking.appointments[0].uuid}/status/update`,
      token: partner.token,
      payload: { date_time: second.booking.appointments[0].date_time, status: 'canceled' },
    });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json().data.refund_cents).toBe(0);
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
  });

  it('a refund whose call went unanswered before a chargeback is asked again with its key: made, it is recorded; not made, it is void', async () => {
    // Three hours: two canceled before the chargeback, one kept.
    const { booking, payment, mpId } = await paidBooking(3);
    const provider = timingOutRefunds();
    try {
      // The first hour's refund reaches Mercado Pago, but its answer is lost; the second's never does.
      await cancelTwoLosingAnswers(booking, mpId, provider);

      // Then the issuer charges the payment back.
      fake.setStatus(mpId, 'charged_back', 'settled');
      expect((await notify(mpId)).statusCode).toBe(200);
      const row = await paymentRow(payment.uuid);
      expect(row.status).toBe('charged_back');
      // Neither is known not to have been made: both stay, to be asked again.
      expect((await refundsOf(row.id)).map((r) => r.status)).toEqual(['pending', 'pending']);
      const [made, lost] = await refundsOf(row.id);
      t.clock.advance(60 * 60_000);
      await retryRefunds(t.app.services);
      // The one Mercado Pago made answers with its refund; the other is refused there, and is void.
      const madeThere = fake.payments.get(Number(mpId))!.refunds[0]!;
      expect(await refundsOf(row.id)).toEqual([
        { uuid: made!.uuid, status: 'succeeded', provider_ref: String(madeThere.id), last_error: null },
        {
          uuid: lost!.uuid,
          status: 'failed',
          provider_ref: null,
          last_error: 'O valor já voltou ao cliente pelo estorno do cartão (chargeback).',
        },
      ]);
      expect(fake.payments.get(Number(mpId))!.refunds).toHaveLength(1);
      expect(await paymentRow(payment.uuid)).toMatchObject({ status: 'charged_back', refundedCents: 6000 });
      expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
      // Settled both ways: nothing is asked again.
      const asked = provider.calls.length;
      t.clock.advance(2 * 60 * 60_000);
      await retryRefunds(t.app.services);
      expect(provider.calls).toHaveLength(asked);
    } finally {
      provider.restore();
    }
  });

  it('the daily comparison finds a dispute whose notification was lost, and lists it as a difference', async () => {
    const { payment, mpId } = await paidBooking();
    fake.setStatus(mpId, 'in_mediation', 'in_mediation');
    // No notification: only the daily comparison reads it, a while later.
    t.clock.advance(10 * 60_000);
    expect(await compareRecentCharges(t.app.services)).toBe(1);
    expect((await paymentRow(payment.uuid)).status).toBe('disputed');
    expect((await attention()).differences).toEqual([
      expect.objectContaining({
        payment_uuid: payment.uuid,
        outcome: 'disputed',
        payment_status: 'disputed',
      }),
    ]);
    // A second day finds nothing new.
    expect(await compareRecentCharges(t.app.services)).toBe(0);
    expect((await attention()).differences).toHaveLength(1);
  });

  it('a refund the provider keeps refusing is listed after a day and mailed to the operators once', async () => {
    const { booking, payment } = await paidBooking();
    fake.setBalance(0);
    try {
      const cancel = await request(t.app, {
        method: 'POST',
        url: `/api/partner/appointment/${booking.appointments[0].uuid}/status/update`,
        token: partner.token,
        payload: { date_time: booking.appointments[0].date_time, status: 'canceled' },
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(await reportStuckRefunds(t.app.services)).toBe(0);
      expect((await attention()).stuck_refunds).toEqual([]);
      t.clock.advance(25 * 60 * 60_000);
      await retryRefunds(t.app.services);
      const listed = (await attention()).stuck_refunds;
      expect(listed).toEqual([expect.objectContaining({ payment_uuid: payment.uuid, amount_cents: 6000 })]);
      expect(listed[0].last_error).toMatch(/saldo/i);
      const before = mailsTo(operator.user.email).length;
      expect(await reportStuckRefunds(t.app.services)).toBe(1);
      await request(t.app, { method: 'GET', url: '/api/health' });
      expect(mailsTo(operator.user.email).length).toBe(before + 1);
      expect(mailsTo(operator.user.email).at(-1)!.subject).toBe(
        `Reembolso pendente há mais de um dia: ${formatBrl(6000)}`,
      );
      // Once per refund.
      expect(await reportStuckRefunds(t.app.services)).toBe(0);
    } finally {
      fake.setBalance(null);
    }
    // Balance back: the retry job settles it, and the list empties.
    t.clock.advance(2 * 60 * 60_000);
    await retryRefunds(t.app.services);
    expect((await attention()).stuck_refunds).toEqual([]);
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
  });

  it('answers only the operator', async () => {
    for (const who of [customer, partner]) {
      const res = await request(t.app, {
        method: 'GET',
        url: '/api/fusion/payments/attention',
        token: who.token,
      });
      expect(res.statusCode).toBe(403);
    }
  });
});
