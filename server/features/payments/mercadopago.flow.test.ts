/**
 * The product with PAYMENT_PROVIDER=mercadopago, end to end through the API, against a local fake
 * of Mercado Pago's API (the real one can't be reached from here): cards saved from a browser token,
 * charged with installments and the CVV token, a card in review settled by webhook, Pix paid and
 * notified, refunds with their idempotency key, and the webhook's signature. Runs on PGlite and,
 * under `npm run test:pg`, on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedDate } from '#common/time/zone';
import { MERCADOPAGO_REFUND_SHORT_OF_BALANCE } from '../../adapters/mercadopago.ts';
import type { PaymentProvider } from '../../adapters/payments.ts';
import { bookings, payments, refunds } from '../../db/schema.ts';
import { request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { createMercadoPagoTestContext } from '../../test/mercadopago-app.ts';
import { type FakeMercadoPago, fakeCardToken } from '../../test/mercadopago-fake.ts';
import { openRoom } from '../../test/supply-fixtures.ts';
import { CHARGE_UNANSWERED, checkLedger } from '../lifecycle/ledger.ts';
import { chargeOpened, expireHolds } from '../lifecycle/lifecycle.service.ts';
import { retryRefunds } from '../lifecycle/refunds.service.ts';
import {
  compareRecentCharges,
  readBackOpenCharges,
  settleUnrecordedCharges,
  UNRECORDED_AFTER_MS,
} from './reconcile.service.ts';

const SECRET = 'mp-webhook-secret-0123456789';
let fake: FakeMercadoPago;
let t: TestContext;
let customer: Awaited<ReturnType<typeof signedInAs>>;
let partner: Awaited<ReturnType<typeof signedInAs>>;
let room: { uuid: string };
let day: string;
let hour = 8;
let cardUuid: string;

beforeAll(async () => {
  ({ fake, t } = await createMercadoPagoTestContext({
    MERCADOPAGO_WEBHOOK_SECRET: SECRET,
    MAX_INSTALLMENTS: '6',
    INTEREST_FREE_INSTALLMENTS: '3',
  }));
  partner = await signedInAs(t, 'partner');
  customer = await signedInAs(t, 'customer');
  ({ room } = await openRoom(t, partner, { room: 'Sala MP', price: '1.0833' }));
  day = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 4);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const nextHour = () => `${day}T${String(hour++).padStart(2, '0')}:00:00-03:00`;
const book = (payload: Record<string, unknown>) =>
  request(t.app, {
    method: 'POST',
    url: '/api/customer/appointment/bulk',
    token: customer.token,
    payload: { room_uuid: room.uuid, date_times: [nextHour()], ...payload },
  });
const mpIdOf = async (paymentUuid: string) =>
  (await t.db.select().from(payments).where(eq(payments.uuid, paymentUuid)))[0]!.providerRef!;
const notify = (mpId: string, options: { notificationId?: number; secret?: string } = {}) => {
  const n = fake.notification(mpId, { secret: options.secret ?? SECRET, now: t.clock.now, ...options });
  const qs = new URLSearchParams(n.query as Record<string, string>).toString();
  return request(t.app, {
    method: 'POST',
    url: `/api/payments/webhook?${qs}`,
    xsrf: false,
    payload: n.rawBody,
    headers: n.headers as Record<string, string>,
  });
};
const lastPost = (path: RegExp) =>
  [...fake.requests].reverse().find((r) => r.method === 'POST' && path.test(r.path))!;

describe('Mercado Pago through the product', () => {
  it('tells the browser which card form and how many installments', async () => {
    const res = await request(t.app, { method: 'GET', url: '/api/config' });
    expect(res.json().data).toMatchObject({
      paymentProvider: 'mercadopago',
      mercadopagoPublicKey: 'TEST-00000000-0000-0000-0000-publickey000',
      maxInstallments: 6,
      interestFreeInstallments: 3,
      simulatePayments: false,
    });
    // The page may load Mercado Pago's SDK and card frames, and nothing else from outside.
    const csp = String(
      (await request(t.app, { method: 'GET', url: '/api/health' })).headers['content-security-policy'],
    );
    expect(csp).toMatch(/script-src 'self' https:\/\/sdk\.mercadopago\.com/);
    expect(csp).toMatch(/frame-src https:\/\/\*\.mercadopago\.com/);
  });

  it('saves a card from the browser token as a Mercado Pago customer card; a refused one is not kept', async () => {
    const saved = await request(t.app, {
      method: 'POST',
      url: `/api/customer/${customer.user.uuid}/card`,
      token: customer.token,
      payload: { card_token: fakeCardToken('APRO', { brand: 'master', last4: '5682' }) },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data).toMatchObject({ brand: 'mastercard', last4: '5682' });
    // The browser makes the saved card's CVV token from Mercado Pago's card id.
    expect(saved.json().data.provider_card_id).toMatch(/^\d+$/);
    cardUuid = saved.json().data.uuid;
    expect(lastPost(/^\/v1\/customers$/).body).toMatchObject({ email: customer.user.email });
    const refused = await request(t.app, {
      method: 'POST',
      url: `/api/customer/${customer.user.uuid}/card`,
      token: customer.token,
      payload: { card_token: fakeCardToken('SECU') },
    });
    expect(refused.statusCode).toBe(422);
    const list = await request(t.app, {
      method: 'GET',
      url: `/api/customer/card/${customer.user.uuid}`,
      token: customer.token,
    });
    expect(list.json().data).toHaveLength(1);
    // The typed number is refused with this provider (it must never reach the server): 422, not 500.
    const typed = await request(t.app, {
      method: 'POST',
      url: `/api/customer/${customer.user.uuid}/card`,
      token: customer.token,
      payload: {
        number: '4242424242424242',
        holder_name: 'Ana Souza',
        exp_month: 12,
        exp_year: 2031,
        cvv: '123',
      },
    });
    expect(typed.statusCode).toBe(422);
    expect(typed.json().errors.number[0]).toMatch(/formulário seguro/);
  });

  it('charges the saved card with the CVV token and installments, in reais, once per attempt', async () => {
    expect((await book({ payment_method: 'card', card_uuid: cardUuid, installments: 7 })).statusCode).toBe(
      422,
    );
    const res = await book({
      payment_method: 'card',
      card_uuid: cardUuid,
      card_token: fakeCardToken('APRO'),
      installments: 3,
    });
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json().data;
    expect(booking).toMatchObject({ status: 'confirmed', payment: { status: 'paid' } });
    const sent = lastPost(/^\/v1\/payments$/);
    expect(sent.headers['x-idempotency-key']).toBe(booking.payment.uuid);
    expect(sent.body).toMatchObject({
      transaction_amount: 65,
      installments: 3,
      external_reference: booking.payment.uuid,
      notification_url: 'https://salas.example.com.br/api/payments/webhook?source_news=webhooks',
      payer: { type: 'customer' },
    });
  });

  it('refuses with Mercado Pago’s reason in Portuguese, and leaves nothing booked', async () => {
    const res = await book({
      payment_method: 'card',
      card_uuid: cardUuid,
      card_token: fakeCardToken('FUND'),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.card_uuid[0]).toMatch(/insuficiente/i);
  });

  it('holds a card in review and confirms it when the webhook says approved', async () => {
    const res = await book({
      payment_method: 'card',
      card_uuid: cardUuid,
      card_token: fakeCardToken('CONT'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json().data;
    expect(booking.status).toBe('pending_payment');
    const mpId = await mpIdOf(booking.payment.uuid);
    fake.approve(mpId);
    expect((await notify(mpId)).json().data).toMatchObject({ applied: true });
    const status = await request(t.app, {
      method: 'GET',
      url: `/api/customer/payment/${booking.payment.uuid}`,
      token: customer.token,
    });
    expect(status.json().data).toMatchObject({ status: 'paid', booking_status: 'confirmed' });
  });

  it('withdraws a card still in review, and an unpaid Pix, when their hold ends or they are canceled', async () => {
    const review = (
      await book({ payment_method: 'card', card_uuid: cardUuid, card_token: fakeCardToken('CONT') })
    ).json().data;
    const pix = (await book({ payment_method: 'pix' })).json().data;
    const pixCanceled = (await book({ payment_method: 'pix' })).json().data;
    const canceled = await request(t.app, {
      method: 'POST',
      url: `/api/customer/appointment/${pixCanceled.appointments[0].uuid}/cancel`,
      token: customer.token,
    });
    expect(canceled.statusCode).toBe(200);
    expect(fake.payments.get(Number(await mpIdOf(pixCanceled.payment.uuid)))!.status).toBe('cancelled');
    t.clock.advance(16 * 60_000);
    await expireHolds(t.app.services);
    for (const b of [review, pix]) {
      expect(fake.payments.get(Number(await mpIdOf(b.payment.uuid)))!.status).toBe('cancelled');
    }
  });

  it('withdraws a charge whose reference arrives after its booking was canceled', async () => {
    const booking = (await book({ payment_method: 'pix' })).json().data;
    await request(t.app, {
      method: 'POST',
      url: `/api/customer/appointment/${booking.appointments[0].uuid}/cancel`,
      token: customer.token,
    });
    // A second charge the provider opened for it while the cancel ran (e.g. a slow answer).
    const late = await t.app.services.payments.createPix({
      amountCents: 6500,
      reference: booking.payment.uuid,
      idempotencyKey: `${booking.payment.uuid}-tardio`,
      expiresAt: new Date(t.clock.now.getTime() + 15 * 60_000),
      payer: { uuid: customer.user.uuid, email: customer.user.email, name: customer.user.name },
      description: 'tardio',
    });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.uuid, booking.uuid));
    await chargeOpened(t.app.services, row!.id, { providerRef: late.providerRef });
    expect(fake.payments.get(Number(late.providerRef))!.status).toBe('cancelled');
  });

  it('creates a Pix with the hold as its expiry, confirms it from the notification once, refunds on cancel', async () => {
    const res = await book({ payment_method: 'pix' });
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json().data;
    expect(booking.payment.pix.copy_paste).toMatch(/^000201/);
    const created = lastPost(/^\/v1\/payments$/);
    expect(created.body).toMatchObject({ payment_method_id: 'pix', transaction_amount: 65 });
    expect(String((created.body as { date_of_expiration: string }).date_of_expiration)).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-03:00$/,
    );
    const mpId = await mpIdOf(booking.payment.uuid);
    // A notification before the payment: read back, still pending, nothing changes.
    expect((await notify(mpId, { notificationId: 1 })).statusCode).toBe(200);
    fake.approve(mpId);
    expect((await notify(mpId, { notificationId: 2 })).json().data).toMatchObject({ applied: true });
    expect((await notify(mpId, { notificationId: 2 })).json().data).toMatchObject({ applied: false });
    const canceled = await request(t.app, {
      method: 'POST',
      url: `/api/customer/appointment/${booking.appointments[0].uuid}/cancel`,
      token: customer.token,
    });
    expect(canceled.json().data).toMatchObject({ refund_cents: 6500 });
    const refund = lastPost(/^\/v1\/payments\/\d+\/refunds$/);
    const status = (
      await request(t.app, {
        method: 'GET',
        url: `/api/customer/payment/${booking.payment.uuid}`,
        token: customer.token,
      })
    ).json().data;
    expect(refund.headers['x-idempotency-key']).toBe(status.refunds[0].uuid);
    expect(refund.body).toMatchObject({ amount: 65 });
    expect(status).toMatchObject({ status: 'refunded', refunded_cents: 6500 });
    expect(status.refunds[0]).toMatchObject({ status: 'succeeded' });
  });

  it('confirms a paid Pix whose notification never came, by reading it back while its hours are held', async () => {
    const booking = (await book({ payment_method: 'pix' })).json().data;
    const mpId = await mpIdOf(booking.payment.uuid);
    const reads = () =>
      fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payments/${mpId}`).length;
    // Read while pending: nothing changes, and it is not read again for 5 minutes.
    expect(await readBackOpenCharges(t.app.services)).toBeGreaterThanOrEqual(1);
    expect(reads()).toBe(1);
    await readBackOpenCharges(t.app.services);
    expect(reads()).toBe(1);
    fake.approve(mpId);
    t.clock.advance(5 * 60_000);
    // Two processes' jobs at once: the charge is claimed by one (SKIP LOCKED), read once.
    await Promise.all([readBackOpenCharges(t.app.services), readBackOpenCharges(t.app.services)]);
    expect(reads()).toBe(2);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.uuid, booking.uuid));
    expect(row!.status).toBe('confirmed');
    const [paid] = await t.db.select().from(payments).where(eq(payments.uuid, booking.payment.uuid));
    expect(paid!.status).toBe('paid');
    // A late notification of the same payment changes nothing more.
    expect((await notify(mpId, { notificationId: 77 })).json().data).toMatchObject({ received: true });
    expect((await t.db.select().from(bookings).where(eq(bookings.uuid, booking.uuid)))[0]!.status).toBe(
      'confirmed',
    );
  });

  it('refunds a Pix paid after its hold ended, read back once after the hold', async () => {
    const booking = (await book({ payment_method: 'pix' })).json().data;
    const mpId = await mpIdOf(booking.payment.uuid);
    await readBackOpenCharges(t.app.services);
    t.clock.advance(16 * 60_000);
    await expireHolds(t.app.services);
    // Paid at the provider just as the hold ended (the withdrawal came too late), never notified.
    fake.approve(mpId);
    await readBackOpenCharges(t.app.services);
    const [payment] = await t.db.select().from(payments).where(eq(payments.uuid, booking.payment.uuid));
    expect(payment).toMatchObject({ status: 'refunded', refundedCents: 6500 });
    expect(lastPost(/^\/v1\/payments\/\d+\/refunds$/).path).toBe(`/v1/payments/${mpId}/refunds`);
    expect((await t.db.select().from(bookings).where(eq(bookings.uuid, booking.uuid)))[0]!.status).toBe(
      'expired',
    );
    // Read once after the hold: not again.
    const reads = fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payments/${mpId}`).length;
    t.clock.advance(10 * 60_000);
    await readBackOpenCharges(t.app.services);
    expect(fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payments/${mpId}`).length).toBe(
      reads,
    );
  });

  it('withdraws again a Pix the provider still holds open after its hold, when the first withdrawal failed', async () => {
    const booking = (await book({ payment_method: 'pix' })).json().data;
    const mpId = await mpIdOf(booking.payment.uuid);
    t.clock.advance(16 * 60_000);
    // The withdrawal at the end of the hold meets an outage (the SDK retries, all fail).
    fake.script(...[1, 2, 3].map(() => ({ method: 'PUT', path: `/v1/payments/${mpId}`, status: 503 })));
    await expireHolds(t.app.services);
    expect(fake.payments.get(Number(mpId))!.status).toBe('pending');
    await readBackOpenCharges(t.app.services);
    expect(fake.payments.get(Number(mpId))!.status).toBe('cancelled');
    // Settled at the provider: read once more, nothing left to do.
    await readBackOpenCharges(t.app.services);
    await readBackOpenCharges(t.app.services);
    const [payment] = await t.db.select().from(payments).where(eq(payments.uuid, booking.payment.uuid));
    expect(payment).toMatchObject({ status: 'expired', refundedCents: 0 });
  });

  it("compares the provider's week with ours once a day: a payment it knows as paid or refunded and we don't is settled", async () => {
    // Paid there, its notification lost and the hold long over: refunded here.
    const lost = (await book({ payment_method: 'pix' })).json().data;
    const lostId = await mpIdOf(lost.payment.uuid);
    // Confirmed here, then refunded at the provider (from its panel) without a notification.
    const paid = (await book({ payment_method: 'pix' })).json().data;
    const paidId = await mpIdOf(paid.payment.uuid);
    fake.approve(paidId);
    expect((await notify(paidId, { notificationId: 501 })).json().data).toMatchObject({ applied: true });
    t.clock.advance(16 * 60_000);
    await expireHolds(t.app.services);
    fake.approve(lostId);
    fake.setStatus(paidId, 'refunded', 'refunded');

    // Every state not yet recorded here is applied once (the two above among them).
    expect(await compareRecentCharges(t.app.services)).toBeGreaterThanOrEqual(2);
    expect(lastPost(/^\/v1\/payments\/\d+\/refunds$/).path).toBe(`/v1/payments/${lostId}/refunds`);
    const status = async (uuid: string) =>
      (await t.db.select().from(payments).where(eq(payments.uuid, uuid)))[0]!.status;
    expect(await status(lost.payment.uuid)).toBe('refunded');
    expect(await status(paid.payment.uuid)).toBe('refunded');
    expect((await t.db.select().from(bookings).where(eq(bookings.uuid, paid.uuid)))[0]!.status).toBe(
      'canceled',
    );
    // The next day's comparison reads our own refund of `lost` there (nothing to do here); the
    // day after, nothing new at all. One refund each, no more.
    await compareRecentCharges(t.app.services);
    expect(await compareRecentCharges(t.app.services)).toBe(0);
    for (const uuid of [lost.payment.uuid, paid.payment.uuid]) {
      const [row] = await t.db.select().from(payments).where(eq(payments.uuid, uuid));
      expect(row).toMatchObject({ status: 'refunded', refundedCents: 6500 });
    }
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
    const search = fake.requests
      .filter((r) => r.method === 'GET' && r.path === '/v1/payments/search')
      .at(-1)!;
    expect(search.query).toMatchObject({ range: 'date_created', limit: '50' });
  });

  it('refuses a notification with a wrong signature, and the sandbox simulation', async () => {
    const res = await book({ payment_method: 'pix' });
    const mpId = await mpIdOf(res.json().data.payment.uuid);
    fake.approve(mpId);
    expect((await notify(mpId, { secret: 'outro-segredo-qualquer-123' })).statusCode).toBe(401);
    const simulated = await request(t.app, {
      method: 'POST',
      url: `/api/customer/payment/${res.json().data.payment.uuid}/simulate`,
      token: customer.token,
    });
    expect(simulated.statusCode).toBe(404);
  });

  it('keeps a refund refused for lack of balance pending, and makes it once the balance is back', async () => {
    const booking = (
      await book({ payment_method: 'pix', date_times: [`${addDays(day, 1)}T10:00:00-03:00`] })
    ).json().data;
    const mpId = await mpIdOf(booking.payment.uuid);
    fake.approve(mpId);
    expect((await notify(mpId, { notificationId: 901 })).json().data).toMatchObject({ applied: true });
    // The account has less than the hour's R$ 65,00 (say, already withdrawn): Mercado Pago answers 400.
    fake.setBalance(2000);
    const [hour1] = booking.appointments;
    const canceled = await request(t.app, {
      method: 'POST',
      url: `/api/partner/appointment/${hour1.uuid}/status/update`,
      token: partner.token,
      payload: { date_time: hour1.date_time, status: 'canceled' },
    });
    expect(canceled.json().data).toMatchObject({ status: 'canceled', refund_cents: 6500 });
    const [paid] = await t.db.select().from(payments).where(eq(payments.uuid, booking.payment.uuid));
    const refundRow = async () =>
      (await t.db.select().from(refunds).where(eq(refunds.paymentId, paid!.id)))[0]!;
    expect(await refundRow()).toMatchObject({
      status: 'pending',
      lastError: MERCADOPAGO_REFUND_SHORT_OF_BALANCE,
    });
    expect(fake.payments.get(Number(mpId))).toMatchObject({ status: 'approved', refunds: [] });
    // Still short an hour later: tried again, still pending.
    t.clock.advance(60 * 60_000);
    await retryRefunds(t.app.services);
    expect(await refundRow()).toMatchObject({ status: 'pending', attempts: 2 });
    // The balance is back (sales came in): the next try makes it, once, with the same key.
    fake.setBalance(50_000);
    t.clock.advance(60 * 60_000);
    await retryRefunds(t.app.services);
    const done = await refundRow();
    expect(done).toMatchObject({ status: 'succeeded', lastError: null });
    const tries = fake.requests.filter(
      (r) => r.method === 'POST' && r.path === `/v1/payments/${mpId}/refunds`,
    );
    expect(tries.map((r) => r.headers['x-idempotency-key'])).toEqual([done.uuid, done.uuid, done.uuid]);
    expect(fake.payments.get(Number(mpId))).toMatchObject({
      status: 'refunded',
      transaction_amount_refunded: 65,
    });
    const [after] = await t.db.select().from(payments).where(eq(payments.uuid, booking.payment.uuid));
    expect(after).toMatchObject({ status: 'refunded', refundedCents: 6500 });
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
  });
});

describe('a Mercado Pago charge whose process died before our write (DESIGN §10)', () => {
  /** The fault hook: Mercado Pago does its work, then the process dies before writing its answer. */
  async function killedAfter<T>(kind: 'chargeCard' | 'createPix', work: () => Promise<T>): Promise<T> {
    const real = t.app.services.payments;
    const dying: PaymentProvider = { ...real };
    const died = () => new Error('processo morto depois da resposta do Mercado Pago');
    if (kind === 'chargeCard')
      dying.chargeCard = async (input) => {
        await real.chargeCard(input);
        throw died();
      };
    else
      dying.createPix = async (input) => {
        await real.createPix(input);
        throw died();
      };
    t.app.services.payments = dying;
    try {
      return await work();
    } finally {
      t.app.services.payments = real;
    }
  }
  /** The payment our last POST /v1/payments asked for (its external_reference), as we hold it. */
  const lastAsked = async () => {
    const sent = lastPost(/^\/v1\/payments$/).body as { external_reference: string };
    const [row] = await t.db.select().from(payments).where(eq(payments.uuid, sent.external_reference));
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, row!.bookingId));
    return { payment: row!, booking: booking! };
  };
  const mpPaymentOf = (uuid: string) =>
    [...fake.payments.values()].find((p) => p.external_reference === uuid)!;
  /** Hours of another day (the day above is full). */
  let later = 8;
  const at = () => ({ date_times: [`${addDays(day, 2)}T${String(later++).padStart(2, '0')}:00:00-03:00`] });
  const inMinutes = (n: number) => new Date(t.clock.now.getTime() + n * 60_000);
  const unanswered = async (now: Date) =>
    (await checkLedger(t.db, { now })).filter((v) => v.rule === CHARGE_UNANSWERED).map((v) => v.ids);

  it('is named by the ledger check, found by its external_reference and its hours confirmed', async () => {
    const res = await killedAfter('chargeCard', () =>
      book({ payment_method: 'card', card_uuid: cardUuid, card_token: fakeCardToken('APRO'), ...at() }),
    );
    expect(res.statusCode, res.body).toBe(500);
    const { payment, booking } = await lastAsked();
    const charged = mpPaymentOf(payment.uuid);
    expect(charged.status).toBe('approved');
    expect(payment).toMatchObject({ status: 'pending', providerRef: null });
    expect(await unanswered(inMinutes(31))).toEqual([{ payment: payment.uuid, booking: booking.uuid }]);

    t.clock.advance(UNRECORDED_AFTER_MS);
    expect(await settleUnrecordedCharges(t.app.services)).toBe(1);
    const search = fake.requests.filter((r) => r.path === '/v1/payments/search').at(-1)!;
    expect(search.query).toEqual({
      sort: 'date_created',
      criteria: 'desc',
      external_reference: payment.uuid,
    });
    const [after] = await t.db.select().from(payments).where(eq(payments.uuid, payment.uuid));
    expect(after).toMatchObject({ status: 'paid', providerRef: String(charged.id) });
    expect((await t.db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]!.status).toBe(
      'confirmed',
    );
    expect(await checkLedger(t.db, { now: inMinutes(31) })).toEqual([]);
  });

  it('refunds it in full once its hold has ended: one refund at Mercado Pago, however many runs at once', async () => {
    const res = await killedAfter('chargeCard', () =>
      book({ payment_method: 'card', card_uuid: cardUuid, card_token: fakeCardToken('APRO'), ...at() }),
    );
    expect(res.statusCode, res.body).toBe(500);
    const { payment, booking } = await lastAsked();
    const mpId = mpPaymentOf(payment.uuid).id;
    t.clock.advance(31 * 60_000);
    await expireHolds(t.app.services);
    expect(await unanswered(t.clock.now)).toEqual([{ payment: payment.uuid, booking: booking.uuid }]);

    await Promise.all([settleUnrecordedCharges(t.app.services), settleUnrecordedCharges(t.app.services)]);
    t.clock.advance(2 * 60_000);
    await Promise.all([settleUnrecordedCharges(t.app.services), settleUnrecordedCharges(t.app.services)]);
    const refundsSent = fake.requests.filter(
      (r) => r.method === 'POST' && r.path === `/v1/payments/${mpId}/refunds`,
    );
    const [after] = await t.db.select().from(payments).where(eq(payments.uuid, payment.uuid));
    expect(after).toMatchObject({ status: 'refunded', refundedCents: 6500, providerRef: String(mpId) });
    const ours = await t.db.select().from(refunds).where(eq(refunds.paymentId, after!.id));
    expect(ours).toHaveLength(1);
    expect(refundsSent.map((r) => r.headers['x-idempotency-key'])).toEqual([ours[0]!.uuid]);
    expect(fake.payments.get(mpId)).toMatchObject({ status: 'refunded', transaction_amount_refunded: 65 });
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
  });

  it('ends at once an attempt Mercado Pago refused, and attaches a Pix still to pay with its code', async () => {
    const refused = await killedAfter('chargeCard', () =>
      book({ payment_method: 'card', card_uuid: cardUuid, card_token: fakeCardToken('FUND'), ...at() }),
    );
    expect(refused.statusCode, refused.body).toBe(500);
    const declined = await lastAsked();
    const pix = await killedAfter('createPix', () => book({ payment_method: 'pix', ...at() }));
    expect(pix.statusCode).toBe(500);
    const open = await lastAsked();
    t.clock.advance(UNRECORDED_AFTER_MS);
    expect(await settleUnrecordedCharges(t.app.services)).toBe(2);
    const [ended] = await t.db.select().from(payments).where(eq(payments.uuid, declined.payment.uuid));
    expect(ended).toMatchObject({ status: 'pending', providerRef: null, chargeStartedAt: null });
    const mpPix = mpPaymentOf(open.payment.uuid);
    const [attached] = await t.db.select().from(payments).where(eq(payments.uuid, open.payment.uuid));
    expect(attached).toMatchObject({
      status: 'pending',
      providerRef: String(mpPix.id),
      pixCopyPaste: (mpPix.point_of_interaction as { transaction_data: { qr_code: string } }).transaction_data
        .qr_code,
    });
    // The person gets the Pix by mail, pays it, and the read-back confirms it.
    await t.deliverMail();
    expect(t.mail.findLast((m) => m.to === customer.user.email)?.subject).toMatch(/Pix/);
    fake.approve(mpPix.id);
    t.clock.advance(5 * 60_000);
    await readBackOpenCharges(t.app.services);
    expect((await t.db.select().from(bookings).where(eq(bookings.id, open.booking.id)))[0]!.status).toBe(
      'confirmed',
    );
    t.clock.advance(16 * 60_000);
    await expireHolds(t.app.services);
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
  });
});
