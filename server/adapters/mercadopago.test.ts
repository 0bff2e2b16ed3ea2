/**
 * Contract tests of the Mercado Pago provider against a local fake of Mercado Pago's API
 * (server/test/mercadopago-fake.ts): what the adapter sends, and how it maps every answer.
 */
import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isValidBrCode } from '#common/br/pix';
import { type FakeMercadoPago, fakeCardToken, startFakeMercadoPago } from '../test/mercadopago-fake.ts';
import { TEST_NOW } from '../test/now.ts';
import {
  createMercadoPagoProvider,
  MERCADOPAGO_CVV_REQUIRED,
  MERCADOPAGO_DEFAULT_REJECTION,
  MERCADOPAGO_FIELDS_REFUSED,
  MERCADOPAGO_REFUND_SHORT_OF_BALANCE,
  MERCADOPAGO_REJECTION_REASONS,
  type MercadoPagoOptions,
  MercadoPagoRequestError,
  pixExpiry,
  toMercadoPagoDate,
  toReais,
  verifySignature,
} from './mercadopago.ts';
import type { PaymentProvider } from './payments.ts';

const SECRET = 'whsec-mercadopago-test';
const NOTIFY = 'https://salas.example.com.br/api/payments/webhook';
/** What the adapter sends: webhooks only, no IPN ("Webhooks": `source_news=webhooks`). */
const NOTIFY_SENT = `${NOTIFY}?source_news=webhooks`;
const payer = {
  uuid: 'user-ana',
  email: 'ana@clinica.com.br',
  name: 'Ana Maria Souza',
  cpf: '529.982.247-25',
};

let fake: FakeMercadoPago;
let mp: PaymentProvider;

const provider = (extra: Partial<MercadoPagoOptions> = {}) =>
  createMercadoPagoProvider({
    accessToken: fake.accessToken,
    webhookSecret: SECRET,
    notificationUrl: NOTIFY,
    apiUrl: fake.url,
    timeoutMs: 300,
    retries: 2,
    retryDelayMs: 20,
    retryMaxDelayMs: 60,
    clock: fake.clock,
    ...extra,
  });

const charge = (token: string, over: Partial<Parameters<PaymentProvider['chargeCard']>[0]> = {}) =>
  mp.chargeCard({
    token,
    amountCents: 12345,
    reference: 'pay-uuid-1',
    idempotencyKey: 'attempt-key-1',
    installments: 3,
    payer,
    description: 'Sala 1 — Clínica Boa Vista (1 h)',
    ...over,
  });

const posts = (path: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === path);
const keyOf = (r: { headers: Record<string, unknown> }) => r.headers['x-idempotency-key'];

function signed(o: { dataId?: string; requestId?: string; ts: string; secret?: string; body: object }) {
  const manifest = `${o.dataId ? `id:${o.dataId};` : ''}${o.requestId ? `request-id:${o.requestId};` : ''}ts:${o.ts};`;
  const v1 = createHmac('sha256', o.secret ?? SECRET)
    .update(manifest)
    .digest('hex');
  return {
    rawBody: JSON.stringify(o.body),
    headers: { 'x-signature': `ts=${o.ts},v1=${v1}`, 'x-request-id': o.requestId },
    query: { 'data.id': o.dataId, type: 'payment' },
  };
}

beforeEach(async () => {
  fake = await startFakeMercadoPago();
  mp = provider();
});
afterEach(async () => {
  await fake.close();
});

describe('amounts and what a card charge sends', () => {
  it('converts centavos to reais with two decimals, exactly', () => {
    expect(toReais(6500)).toBe(65);
    expect(toReais(12345)).toBe(123.45);
    expect(toReais(1)).toBe(0.01);
    expect(JSON.stringify({ v: toReais(12345) })).toBe('{"v":123.45}');
    expect(() => toReais(0)).toThrow();
    expect(() => toReais(10.5)).toThrow();
  });

  it('charges a one-off token with amount, installments, payer, reference, notification URL and key', async () => {
    const token = fakeCardToken('APRO');
    const result = await charge(token);
    const [sent] = posts('/v1/payments');
    expect(sent?.body).toEqual({
      transaction_amount: 123.45,
      installments: 3,
      token,
      description: 'Sala 1 — Clínica Boa Vista (1 h)',
      external_reference: 'pay-uuid-1',
      notification_url: NOTIFY_SENT,
      statement_descriptor: 'SALAS',
      binary_mode: false,
      payer: {
        email: 'ana@clinica.com.br',
        first_name: 'Ana',
        last_name: 'Maria Souza',
        identification: { type: 'CPF', number: '52998224725' },
      },
    });
    expect(keyOf(sent!)).toBe('attempt-key-1');
    expect(sent?.headers.authorization).toBe(`Bearer ${fake.accessToken}`);
    const [id] = [...fake.payments.keys()];
    expect(result).toEqual({ status: 'approved', providerRef: String(id) });
  });

  it('sends 6500 centavos as 65 and leaves out a CPF the person does not have', async () => {
    await charge(fakeCardToken(), { amountCents: 6500, installments: 1, payer: { ...payer, cpf: null } });
    const body = posts('/v1/payments')[0]?.body as Record<string, unknown>;
    expect(body.transaction_amount).toBe(65);
    expect(body.installments).toBe(1);
    expect(body.payer).toEqual({ email: payer.email, first_name: 'Ana', last_name: 'Maria Souza' });
  });
});

describe('status mapping of card charges', () => {
  it.each([
    ['APRO', 'approved'],
    ['CONT', 'pending'],
    ['PEND', 'pending'],
  ] as const)('%s → %s', async (code, status) => {
    const result = await charge(fakeCardToken(code));
    expect(result.status).toBe(status);
    expect(result.providerRef).toMatch(/^\d+$/);
    expect(result.reason).toBeUndefined();
  });

  it.each(Object.entries(MERCADOPAGO_REJECTION_REASONS))(
    'rejected %s → its Portuguese reason',
    async (detail, reason) => {
      const result = await charge(fakeCardToken(detail));
      expect(result).toMatchObject({ status: 'rejected', reason });
      expect(result.providerRef).toMatch(/^\d+$/);
    },
  );

  it.each([
    ['OTHE', 'cc_rejected_other_reason'],
    ['CALL', 'cc_rejected_call_for_authorize'],
    ['FUND', 'cc_rejected_insufficient_amount'],
    ['SECU', 'cc_rejected_bad_filled_security_code'],
    ['EXPI', 'cc_rejected_bad_filled_date'],
    ['FORM', 'cc_rejected_bad_filled_other'],
  ])("Mercado Pago's test cardholder %s is refused with %s's reason", async (code, detail) => {
    expect(await charge(fakeCardToken(code))).toMatchObject({
      status: 'rejected',
      reason: MERCADOPAGO_REJECTION_REASONS[detail],
    });
  });

  it('an unknown status_detail gets the default reason', async () => {
    expect(await charge(fakeCardToken('cc_rejected_something_new'))).toMatchObject({
      status: 'rejected',
      reason: MERCADOPAGO_DEFAULT_REJECTION,
    });
    expect(MERCADOPAGO_REJECTION_REASONS.cc_rejected_insufficient_amount).toBe(
      'Saldo ou limite insuficiente no cartão.',
    );
    expect(MERCADOPAGO_REJECTION_REASONS.cc_rejected_call_for_authorize).toBe(
      'Autorize o pagamento com o banco emissor e tente de novo.',
    );
  });
});

describe('saved cards', () => {
  it('creates the customer once, adds the card, and charges it as the customer with a fresh CVV token', async () => {
    const saved = await mp.saveCard(
      {
        kind: 'token',
        token: fakeCardToken('APRO', { brand: 'master', last4: '4444' }),
        paymentMethodId: 'master',
      },
      payer,
    );
    expect(saved.approved).toBe(true);
    if (!saved.approved) return;
    const [customer] = [...fake.customers.values()];
    expect(posts('/v1/customers')[0]?.body).toEqual({
      email: payer.email,
      first_name: 'Ana',
      last_name: 'Maria Souza',
      identification: { type: 'CPF', number: '52998224725' },
    });
    const cardId = customer?.cards[0]?.id;
    expect(saved.card).toEqual({
      token: `${customer?.id}:${cardId}`,
      brand: 'mastercard',
      last4: '4444',
      expMonth: 11,
      expYear: 2030,
      holderName: 'APRO',
    });

    // A second card for the same person finds the customer instead of creating another.
    const second = await mp.saveCard({ kind: 'token', token: fakeCardToken('APRO') }, payer);
    expect(second.approved).toBe(true);
    expect(fake.customers.size).toBe(1);
    expect(posts('/v1/customers')).toHaveLength(1);

    const fresh = fakeCardToken('APRO');
    const result = await charge(`${saved.card.token}:${fresh}`);
    expect(result.status).toBe('approved');
    const body = posts('/v1/payments')[0]?.body as Record<string, unknown>;
    expect(body.payer).toEqual({ type: 'customer', id: customer?.id });
    expect(body.token).toBe(fresh);
    expect(body.transaction_amount).toBe(123.45);
  });

  it('does not charge a saved card without the CVV token', async () => {
    const saved = await mp.saveCard({ kind: 'token', token: fakeCardToken() }, payer);
    if (!saved.approved) throw new Error('card not saved');
    expect(await charge(saved.card.token)).toEqual({
      status: 'rejected',
      providerRef: '',
      reason: MERCADOPAGO_CVV_REQUIRED,
    });
    expect(posts('/v1/payments')).toHaveLength(0);
  });

  it.each([
    ['SECU', 'Código de segurança incorreto.'],
    ['EXPI', 'Data de validade incorreta.'],
    ['FORM', 'Número do cartão incorreto.'],
  ])('a card Mercado Pago refuses to add (%s) is not saved', async (code, reason) => {
    expect(await mp.saveCard({ kind: 'token', token: fakeCardToken(code) }, payer)).toEqual({
      approved: false,
      reason,
    });
    expect([...fake.customers.values()][0]?.cards).toHaveLength(0);
  });

  it('refuses typed card fields: the number never reaches the server', async () => {
    const card = { number: '4242424242424242', holder_name: 'ANA', exp_month: 1, exp_year: 2030, cvv: '123' };
    expect(await mp.saveCard({ kind: 'fields', card }, payer)).toEqual({
      approved: false,
      reason: MERCADOPAGO_FIELDS_REFUSED,
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('sends an idempotency key with every POST, never one left over from another call', async () => {
    await charge(fakeCardToken());
    await mp.saveCard({ kind: 'token', token: fakeCardToken() }, payer);
    const keys = fake.requests.filter((r) => r.method === 'POST').map(keyOf);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toBe('attempt-key-1');
    expect(keys[1]).toMatch(/^salas-customer-user-ana-[0-9a-f]{12}$/);
    expect(keys[2]).toMatch(/^salas-card-[0-9a-f]{40}$/);
  });
});

describe('Pix', () => {
  it('asks the provider for at least 30 minutes (its minimum) when the hold is shorter; the fake refuses less', async () => {
    const now = fake.clock();
    await mp.createPix({
      amountCents: 6500,
      reference: 'pay-uuid-short',
      idempotencyKey: 'pay-uuid-short',
      expiresAt: new Date(now.getTime() + 15 * 60_000),
      payer,
      description: 'Sala 1',
    });
    const sent = posts('/v1/payments').at(-1)!.body as { date_of_expiration: string };
    const ahead = Date.parse(sent.date_of_expiration) - now.getTime();
    expect(ahead).toBeGreaterThanOrEqual(30 * 60_000);
    expect(ahead).toBeLessThanOrEqual(32 * 60_000);

    // The provider's rule, as the fake enforces it: a 15-minute expiry is refused.
    const direct = provider({ clock: () => new Date(fake.clock().getTime() - 16 * 60_000) });
    await expect(
      direct.createPix({
        amountCents: 6500,
        reference: 'pay-uuid-15',
        idempotencyKey: 'pay-uuid-15',
        expiresAt: new Date(fake.clock().getTime() + 15 * 60_000),
        payer,
        description: 'Sala 1',
      }),
    ).rejects.toThrow();
    expect(pixExpiry(new Date(now.getTime() + 40 * 86_400_000), now).getTime() - now.getTime()).toBeLessThan(
      30 * 86_400_000,
    );
  });

  it('creates a Pix charge that expires with the hold and reads its approval back through the webhook', async () => {
    const expiresAt = new Date('2026-12-01T13:15:00.000Z');
    const pix = await mp.createPix({
      amountCents: 13000,
      reference: 'pay-uuid-pix',
      idempotencyKey: 'pay-uuid-pix',
      expiresAt,
      payer,
      description: 'Sala 2 (2 h)',
    });
    const [sent] = posts('/v1/payments');
    expect(sent?.body).toEqual({
      payment_method_id: 'pix',
      transaction_amount: 130,
      description: 'Sala 2 (2 h)',
      date_of_expiration: '2026-12-01T10:15:00.000-03:00',
      external_reference: 'pay-uuid-pix',
      notification_url: NOTIFY_SENT,
      payer: {
        email: payer.email,
        first_name: 'Ana',
        last_name: 'Maria Souza',
        identification: { type: 'CPF', number: '52998224725' },
      },
    });
    expect(keyOf(sent!)).toBe('pay-uuid-pix');
    const stored = fake.payments.get(Number(pix.providerRef));
    expect(stored?.status).toBe('pending');
    const poi = stored?.point_of_interaction as { transaction_data: { qr_code: string } } | undefined;
    expect(pix.copyPaste).toBe(poi?.transaction_data.qr_code);
    expect(isValidBrCode(pix.copyPaste)).toBe(true);

    const now = TEST_NOW;
    const before = await mp.readWebhook({
      ...fake.notification(pix.providerRef, { secret: SECRET, now }),
      now,
    });
    expect(before).toMatchObject({ outcome: 'pending', paymentUuid: 'pay-uuid-pix' });

    fake.approve(pix.providerRef);
    const notification = fake.notification(pix.providerRef, { secret: SECRET, now, notificationId: 777001 });
    const event = await mp.readWebhook({ ...notification, now });
    expect(event).toEqual({
      eventId: 'mercadopago:777001',
      paymentUuid: 'pay-uuid-pix',
      providerRef: pix.providerRef,
      outcome: 'paid',
    });
    // A redelivery of the same notification carries the same event id.
    expect(await mp.readWebhook({ ...notification, now })).toEqual(event);
    expect(
      fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payments/${pix.providerRef}`),
    ).toHaveLength(3);
  });

  it('formats expiry dates in Brasília time with milliseconds and offset', () => {
    expect(toMercadoPagoDate(new Date('2026-12-01T02:05:09.007Z'))).toBe('2026-11-30T23:05:09.007-03:00');
  });
});

describe('refunds', () => {
  async function paid(amountCents = 10000) {
    const result = await charge(fakeCardToken('APRO'), {
      amountCents,
      idempotencyKey: `charge-${amountCents}`,
    });
    return result.providerRef;
  }

  it('refunds partially and totally, refuses more than what is left, and never refunds a key twice', async () => {
    const ref = await paid(10000);
    const first = await mp.refund(ref, 4000, 'refund-1');
    expect(first.status).toBe('succeeded');
    expect(posts(`/v1/payments/${ref}/refunds`)[0]?.body).toEqual({ amount: 40 });
    expect(keyOf(posts(`/v1/payments/${ref}/refunds`)[0]!)).toBe('refund-1');

    expect(await mp.refund(ref, 4000, 'refund-1')).toEqual(first);
    expect(fake.payments.get(Number(ref))?.refunds).toHaveLength(1);
    expect(fake.payments.get(Number(ref))?.transaction_amount_refunded).toBe(40);

    expect(await mp.refund(ref, 7000, 'refund-2')).toEqual({
      status: 'refused',
      reason: 'Valor maior que o disponível para reembolso.',
    });
    const rest = await mp.refund(ref, 6000, 'refund-3');
    expect(rest.status).toBe('succeeded');
    expect(fake.payments.get(Number(ref))?.status).toBe('refunded');

    const now = TEST_NOW;
    const event = await mp.readWebhook({ ...fake.notification(ref, { secret: SECRET, now }), now });
    expect(event).toMatchObject({ outcome: 'refunded', paymentUuid: 'pay-uuid-1', providerRef: ref });
  });

  it('refuses a payment that cannot be refunded and one Mercado Pago does not know', async () => {
    const pix = await mp.createPix({
      amountCents: 5000,
      reference: 'pix-ref',
      idempotencyKey: 'pix-key',
      expiresAt: new Date(TEST_NOW.getTime() + 15 * 60_000),
      payer,
      description: 'Sala',
    });
    expect(await mp.refund(pix.providerRef, 5000, 'r-pending')).toEqual({
      status: 'refused',
      reason: 'Este pagamento não pode ser reembolsado.',
    });
    expect(await mp.refund('999', 100, 'r-unknown')).toMatchObject({ status: 'refused' });
  });

  it.each([
    ['429', { status: 429, retryAfterSeconds: 1 }],
    ['500', { status: 500 }],
    ['503', { status: 503 }],
  ] as const)('answers retry when Mercado Pago keeps failing with %s', async (_, failure) => {
    const ref = await paid();
    const path = `/v1/payments/${ref}/refunds`;
    fake.script({ ...failure, path }, { ...failure, path }, { ...failure, path });
    expect((await mp.refund(ref, 1000, 'refund-x')).status).toBe('retry');
    expect(posts(path)).toHaveLength(3);
    expect(fake.payments.get(Number(ref))?.refunds).toHaveLength(0);
  });

  it('answers retry on a timeout, and the retried key refunds once', async () => {
    const ref = await paid();
    const path = `/v1/payments/${ref}/refunds`;
    mp = provider({ retries: 0, timeoutMs: 80 });
    fake.script({ hangMs: 300, path });
    expect((await mp.refund(ref, 1000, 'refund-t')).status).toBe('retry');
    const again = await mp.refund(ref, 1000, 'refund-t');
    expect(again.status).toBe('succeeded');
    expect(fake.payments.get(Number(ref))?.refunds).toHaveLength(1);
  });

  it('answers retry when the credentials are refused (an operator can fix them)', async () => {
    const ref = await paid();
    mp = provider({ accessToken: 'APP_USR-wrong' });
    expect(await mp.refund(ref, 1000, 'refund-401')).toMatchObject({ status: 'retry' });
    // A 400 with a cause "Criar reembolso" lists is final; a bare one on a payment still
    // refundable is the seller's balance (see "without balance in the account").
    const cause = [
      { code: 2063, description: 'The action requested is not valid for the current payment state' },
    ];
    fake.script({
      status: 400,
      path: `/v1/payments/${ref}/refunds`,
      body: { message: 'bad_request', error: 'bad_request', status: 400, cause },
    });
    expect((await provider().refund(ref, 1000, 'refund-400')).status).toBe('refused');
    fake.script({ status: 400, path: `/v1/payments/${ref}/refunds` });
    expect((await provider().refund(ref, 1000, 'refund-400-bare')).status).toBe('retry');
  });
});

describe('errors, retries and timeouts on charges', () => {
  it('maps a 400 to a refused charge without retrying', async () => {
    fake.script({ status: 400, path: '/v1/payments' });
    const result = await charge(fakeCardToken());
    expect(result).toMatchObject({ status: 'rejected', providerRef: '' });
    expect(result.reason).toMatch(/cartão/);
    expect(posts('/v1/payments')).toHaveLength(1);
  });

  it('throws on a 401 (wrong access token) without retrying', async () => {
    mp = provider({ accessToken: 'APP_USR-wrong' });
    const error = await charge(fakeCardToken()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MercadoPagoRequestError);
    expect(error).toMatchObject({ status: 401, retryable: false });
    expect(posts('/v1/payments')).toHaveLength(1);
    expect(fake.payments.size).toBe(0);
  });

  it('retries a 429 after Retry-After (capped) with the same key, then succeeds', async () => {
    fake.script({ status: 429, retryAfterSeconds: 1, path: '/v1/payments' });
    const result = await charge(fakeCardToken());
    expect(result.status).toBe('approved');
    const sent = posts('/v1/payments');
    expect(sent).toHaveLength(2);
    expect(sent.map(keyOf)).toEqual(['attempt-key-1', 'attempt-key-1']);
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(50);
    expect(fake.payments.size).toBe(1);
  });

  it('retries 500 and 503 with exponential backoff and the same key, then succeeds', async () => {
    fake.script({ status: 500, path: '/v1/payments' }, { status: 503, path: '/v1/payments' });
    const result = await charge(fakeCardToken());
    expect(result.status).toBe('approved');
    const sent = posts('/v1/payments');
    expect(sent.map(keyOf)).toEqual(['attempt-key-1', 'attempt-key-1', 'attempt-key-1']);
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(18);
    expect(sent[2]!.at - sent[1]!.at).toBeGreaterThanOrEqual(38);
    expect(fake.payments.size).toBe(1);
  });

  it('gives up after the retries with a retryable error and charges nothing', async () => {
    fake.script(...[0, 1, 2].map(() => ({ status: 503, path: '/v1/payments' })));
    const error = await charge(fakeCardToken()).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, retryable: true });
    expect(fake.payments.size).toBe(0);
  });

  it('a timed-out charge retried by the caller with the same key charges once', async () => {
    mp = provider({ retries: 0, timeoutMs: 80 });
    fake.script({ hangMs: 300, path: '/v1/payments' });
    const error = await charge(fakeCardToken()).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, retryable: true });
    expect(fake.payments.size).toBe(1); // Mercado Pago charged; the answer was lost.

    const retried = await charge(fakeCardToken());
    const [only] = [...fake.payments.values()];
    expect(retried).toEqual({ status: 'approved', providerRef: String(only?.id) });
    expect(fake.payments.size).toBe(1);
    expect(posts('/v1/payments').map(keyOf)).toEqual(['attempt-key-1', 'attempt-key-1']);
  });

  it("the SDK's own retry after a timeout reuses the key and charges once", async () => {
    fake.script({ hangMs: 600, path: '/v1/payments' });
    const result = await charge(fakeCardToken());
    expect(result.status).toBe('approved');
    expect(posts('/v1/payments').map(keyOf)).toEqual(['attempt-key-1', 'attempt-key-1']);
    expect(fake.payments.size).toBe(1);
  });
});

describe('webhook signature and read-back', () => {
  async function payment() {
    return (await charge(fakeCardToken('CONT'))).providerRef;
  }

  it('accepts a valid signature at any age and refuses a wrong secret or a missing header', async () => {
    const ref = await payment();
    const now = TEST_NOW;
    const ts = String(Math.floor(now.getTime() / 1000));
    const body = { id: 1, type: 'payment', action: 'payment.updated', data: { id: ref } };
    const ok = signed({ dataId: ref, requestId: 'req-1', ts, body });
    expect(await mp.readWebhook({ ...ok, now })).toMatchObject({ outcome: 'pending', providerRef: ref });

    expect(
      await mp.readWebhook({
        ...signed({ dataId: ref, requestId: 'req-1', ts, body, secret: 'other' }),
        now,
      }),
    ).toBeNull();
    // A retry keeps its first try's ts: twenty minutes (or a day) later it is still accepted.
    for (const later of [20 * 60_000, 86_400_000])
      expect(await mp.readWebhook({ ...ok, now: new Date(now.getTime() + later) })).toMatchObject({
        providerRef: ref,
      });
    expect(await mp.readWebhook({ ...ok, headers: { 'x-request-id': 'req-1' }, now })).toBeNull();
    expect(
      await mp.readWebhook({ ...ok, headers: { ...ok.headers, 'x-signature': 'ts=,v1=' }, now }),
    ).toBeNull();
    // Another request id than the signed one.
    expect(
      await mp.readWebhook({ ...ok, headers: { ...ok.headers, 'x-request-id': 'req-2' }, now }),
    ).toBeNull();
  });

  it('refuses a tampered data.id, in the query or in the body', async () => {
    const ref = await payment();
    const other = (await charge(fakeCardToken('APRO'), { idempotencyKey: 'other' })).providerRef;
    const now = TEST_NOW;
    const ts = String(Math.floor(now.getTime() / 1000));
    const ok = signed({
      dataId: ref,
      requestId: 'req-1',
      ts,
      body: { id: 2, type: 'payment', data: { id: ref } },
    });
    expect(await mp.readWebhook({ ...ok, query: { ...ok.query, 'data.id': other }, now })).toBeNull();
    const bodyLies = { ...ok, rawBody: JSON.stringify({ id: 2, type: 'payment', data: { id: other } }) };
    expect(await mp.readWebhook({ ...bodyLies, now })).toBeNull();
    expect(fake.requests.filter((r) => r.method === 'GET')).toHaveLength(0);
  });

  it('accepts ts in milliseconds and a data.id signed lower-cased', () => {
    const now = TEST_NOW;
    const tsMs = String(now.getTime());
    const v1 = createHmac('sha256', SECRET).update(`id:abc123;request-id:r;ts:${tsMs};`).digest('hex');
    expect(verifySignature(SECRET, `ts=${tsMs},v1=${v1}`, 'ABC123', 'r')).toBe(true);
    expect(verifySignature(SECRET, `ts=${tsMs},v1=${v1}`, 'abc124', 'r')).toBe(false);
  });

  it('answers an unsigned IPN call as received and ignores it (it is not retried, nothing is read)', async () => {
    const before = fake.requests.length;
    expect(
      await mp.readWebhook({
        rawBody: '',
        headers: {},
        query: { topic: 'payment', id: '123' },
        now: TEST_NOW,
      }),
    ).toBe('ignored');
    expect(fake.requests).toHaveLength(before);
    // Unsigned with a webhook's data.id is refused, as before.
    expect(
      await mp.readWebhook({
        rawBody: '{}',
        headers: {},
        query: { 'data.id': '123', type: 'payment' },
        now: TEST_NOW,
      }),
    ).toBeNull();
  });

  it('ignores a signed notification about something else than a payment', async () => {
    const now = TEST_NOW;
    const ts = String(Math.floor(now.getTime() / 1000));
    const n = signed({
      dataId: '123',
      requestId: 'r',
      ts,
      body: { id: 3, type: 'merchant_order', data: { id: '123' } },
    });
    expect(await mp.readWebhook({ ...n, query: { 'data.id': '123', type: 'merchant_order' }, now })).toBe(
      'ignored',
    );
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    ['rejected', 'cc_rejected_other_reason', 'failed'],
    ['cancelled', 'expired', 'failed'],
    ['refunded', 'refunded', 'refunded'],
    ['charged_back', 'settled', 'charged_back'],
    ['in_mediation', 'in_mediation', 'disputed'],
    ['in_process', 'pending_review_manual', 'pending'],
    ['authorized', 'pending_capture', 'pending'],
    ['approved', 'accredited', 'paid'],
  ])('a payment read back as %s maps to %s', async (status, detail, outcome) => {
    const ref = await payment();
    fake.setStatus(ref, status, detail);
    const now = TEST_NOW;
    expect(await mp.readWebhook({ ...fake.notification(ref, { secret: SECRET, now }), now })).toMatchObject({
      outcome,
      paymentUuid: 'pay-uuid-1',
      providerRef: ref,
    });
  });

  it("reads Mercado Pago's own fee from fee_details, the collector's part only", async () => {
    const ref = await payment();
    fake.setStatus(ref, 'approved', 'accredited');
    fake.payments.get(Number(ref))!.fee_details = [
      { type: 'mercadopago_fee', amount: 3.49, fee_payer: 'collector' },
      { type: 'financing_fee', amount: 0.5, fee_payer: 'collector' },
      { type: 'financing_fee', amount: 7, fee_payer: 'payer' },
    ];
    const now = TEST_NOW;
    const event = await mp.readWebhook({ ...fake.notification(ref, { secret: SECRET, now }), now });
    expect(event).toMatchObject({ outcome: 'paid', providerFeeCents: 399 });
    // None reported yet: no fee recorded (not a zero).
    fake.payments.get(Number(ref))!.fee_details = [];
    expect(
      await mp.readWebhook({ ...fake.notification(ref, { secret: SECRET, now }), now }),
    ).not.toHaveProperty('providerFeeCents');
  });

  it('ignores a signed notification about a payment Mercado Pago does not know', async () => {
    const now = TEST_NOW;
    expect(await mp.readWebhook({ ...fake.notification('424242', { secret: SECRET, now }), now })).toBe(
      'ignored',
    );
  });
});

/** A request straight to the fake, for what the adapter never sends (the adapter prevents it). */
async function direct(path: string, body: unknown, o: { key?: string | null; method?: string } = {}) {
  const key = o.key === undefined ? `direct-${Math.random().toString(36).slice(2)}` : o.key;
  const res = await fetch(`${fake.url}${path}`, {
    method: o.method ?? 'POST',
    headers: {
      authorization: `Bearer ${fake.accessToken}`,
      'content-type': 'application/json',
      ...(key === null ? {} : { 'x-idempotency-key': key }),
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown> & { cause?: Array<{ code: unknown }> };
  return { status: res.status, body: json, code: json.cause?.[0]?.code };
}
const chargeInput = (): Parameters<PaymentProvider['chargeCard']>[0] => ({
  token: fakeCardToken('APRO'),
  amountCents: 12345,
  reference: 'pay-old',
  idempotencyKey: 'unused',
  installments: 1,
  payer,
  description: 'Sala 1',
});
const pixBody = (over: Record<string, unknown> = {}) => ({
  payment_method_id: 'pix',
  transaction_amount: 65,
  description: 'Sala 1',
  payer: { email: payer.email },
  ...over,
});

describe("the fake enforces Mercado Pago's documented limits", () => {
  it('X-Idempotency-Key: a POST without it is refused (4292); the same key gets the same answer, done once', async () => {
    const missing = await direct('/v1/payments', pixBody(), { key: null });
    expect(missing).toMatchObject({ status: 400, code: 4292 });
    const refund = await direct('/v1/payments/1/refunds', {}, { key: null });
    expect(refund).toMatchObject({ status: 400, code: 4292 });
    expect(fake.payments.size).toBe(0);

    const first = await direct('/v1/payments', pixBody(), { key: 'same-key' });
    const again = await direct('/v1/payments', pixBody({ transaction_amount: 99 }), { key: 'same-key' });
    expect(first.status).toBe(201);
    expect(again).toEqual(first);
    expect(fake.payments.size).toBe(1);

    // Through the adapter: a charge, a Pix and a refund repeated with their keys are done once.
    const card = await charge(fakeCardToken('APRO'), { idempotencyKey: 'k-card' });
    expect(await charge(fakeCardToken('APRO'), { idempotencyKey: 'k-card' })).toEqual(card);
    const pixInput = {
      amountCents: 6500,
      reference: 'pay-k',
      idempotencyKey: 'k-pix',
      expiresAt: new Date(fake.clock().getTime() + 60 * 60_000),
      payer,
      description: 'Sala 1',
    };
    const pix = await mp.createPix(pixInput);
    expect(await mp.createPix(pixInput)).toEqual(pix);
    expect(fake.payments.size).toBe(3);
    const r = await mp.refund(card.providerRef, 1000, 'k-refund');
    expect(await mp.refund(card.providerRef, 1000, 'k-refund')).toEqual(r);
    expect(fake.payments.get(Number(card.providerRef))?.refunds).toHaveLength(1);
  });

  it('amounts: more than two decimals, zero, negative or not a number are refused; R$ 0,01 (no documented minimum) is accepted', async () => {
    for (const transaction_amount of [10.005, 0.001, 0, -5, '65', null]) {
      expect(await direct('/v1/payments', pixBody({ transaction_amount }))).toMatchObject({
        status: 400,
        code: 4037,
      });
    }
    expect(fake.payments.size).toBe(0);
    expect((await direct('/v1/payments', pixBody({ transaction_amount: 0.01 }))).status).toBe(201);
    expect((await direct('/v1/payments', pixBody({ transaction_amount: 123.45 }))).status).toBe(201);
    // The adapter sends centavos as reais with two decimals at most, so it never sends the refused ones.
    expect(await charge(fakeCardToken('APRO'), { amountCents: 1, idempotencyKey: 'k-1' })).toMatchObject({
      status: 'approved',
    });
    const sent = posts('/v1/payments').at(-1)!.body as { transaction_amount: number };
    expect(sent.transaction_amount).toBe(0.01);
  });

  it('payer e-mail: required of a payer who is not a customer; a customer is charged by id', async () => {
    expect(await direct('/v1/payments', pixBody({ payer: {} }))).toMatchObject({ status: 400, code: 4050 });
    expect(await direct('/v1/payments', pixBody({ payer: { email: 'ana' } }))).toMatchObject({
      status: 400,
      code: 4050,
    });
    expect(await direct('/v1/payments', pixBody({ payer: undefined }))).toMatchObject({
      status: 400,
      code: 4050,
    });
    expect(fake.payments.size).toBe(0);

    // Through the adapter: a one-off card and a Pix send the e-mail, a saved card sends only the customer.
    await charge(fakeCardToken('APRO'), { idempotencyKey: 'k-oneoff' });
    const oneOff = posts('/v1/payments').at(-1)!.body as { payer: { email?: string } };
    expect(oneOff.payer.email).toBe(payer.email);
    const saved = await mp.saveCard({ kind: 'token', token: fakeCardToken('APRO') }, payer);
    if (!saved.approved) throw new Error('card not saved');
    const result = await charge(`${saved.card.token}:${fakeCardToken('APRO')}`, {
      idempotencyKey: 'k-saved',
    });
    expect(result.status).toBe('approved');
    const sent = posts('/v1/payments').at(-1)!.body as { payer: Record<string, unknown> };
    expect(sent.payer.email).toBeUndefined();
    expect(fake.payments.get(Number(result.providerRef))?.payer).toMatchObject({
      type: 'customer',
      email: payer.email,
    });
  });

  it('refunds: never more than captured, in one or several refunds; a full refund closes the payment', async () => {
    const { providerRef: ref } = await charge(fakeCardToken('APRO'), {
      amountCents: 5000,
      idempotencyKey: 'k-cap',
    });
    expect(await mp.refund(ref, 5001, 'r-over')).toEqual({
      status: 'refused',
      reason: 'Valor maior que o disponível para reembolso.',
    });
    expect((await mp.refund(ref, 2000, 'r-1')).status).toBe('succeeded');
    expect(await mp.refund(ref, 3001, 'r-over-2')).toMatchObject({ status: 'refused' });
    expect(await direct(`/v1/payments/${ref}/refunds`, { amount: 0.005 })).toMatchObject({
      status: 400,
      code: 4040,
    });
    // No amount: the rest (R$ 30,00), and the payment is refunded in full.
    const rest = await direct(`/v1/payments/${ref}/refunds`, {});
    expect(rest).toMatchObject({ status: 201, body: { amount: 30 } });
    expect(fake.payments.get(Number(ref))).toMatchObject({
      status: 'refunded',
      transaction_amount_refunded: 50,
    });
    expect(await mp.refund(ref, 1, 'r-after')).toEqual({
      status: 'refused',
      reason: 'Este pagamento não pode ser reembolsado.',
    });
  });

  it.each([
    ['rejected', 'OTHE'],
    ['in_process', 'CONT'],
    ['pending', 'PEND'],
  ])('refunds: a %s payment (not approved) is refused with 2063', async (_, code) => {
    const { providerRef: ref } = await charge(fakeCardToken(code), { idempotencyKey: `k-${code}` });
    expect(await mp.refund(ref, 100, `r-${code}`)).toEqual({
      status: 'refused',
      reason: 'Este pagamento não pode ser reembolsado.',
    });
    expect(await direct(`/v1/payments/${ref}/refunds`, { amount: 1 })).toMatchObject({
      status: 400,
      code: 2063,
    });
    expect(fake.payments.get(Number(ref))?.refunds).toHaveLength(0);
  });

  it('refunds: within 180 days of the approval, not after (2024)', async () => {
    let now = TEST_NOW.getTime();
    const own = await startFakeMercadoPago({ clock: () => new Date(now) });
    try {
      const p = createMercadoPagoProvider({
        accessToken: own.accessToken,
        webhookSecret: SECRET,
        notificationUrl: NOTIFY,
        apiUrl: own.url,
        timeoutMs: 300,
        retries: 0,
        clock: own.clock,
      });
      const a = await p.chargeCard({ ...chargeInput(), idempotencyKey: 'old-a' });
      const b = await p.chargeCard({ ...chargeInput(), idempotencyKey: 'old-b' });
      now += 179 * 86_400_000;
      expect((await p.refund(a.providerRef, 1000, 'old-r-a')).status).toBe('succeeded');
      now += 2 * 86_400_000;
      expect(await p.refund(b.providerRef, 1000, 'old-r-b')).toEqual({
        status: 'refused',
        reason: 'Este pagamento não pode ser reembolsado.',
      });
      expect(own.payments.get(Number(b.providerRef))?.refunds).toHaveLength(0);
    } finally {
      await own.close();
    }
  });

  it('refunds: without balance in the account, a 400 the refund job tries again with the same key', async () => {
    const { providerRef: ref } = await charge(fakeCardToken('APRO'), {
      amountCents: 5000,
      idempotencyKey: 'k-bal',
    });
    fake.setBalance(1500);
    // "Devoluções e cancelamentos": not enough balance answers `400 Bad Request` (no code given).
    expect(await direct(`/v1/payments/${ref}/refunds`, { amount: 20 })).toMatchObject({
      status: 400,
      code: undefined,
    });
    expect(await mp.refund(ref, 2000, 'r-bal')).toEqual({
      status: 'retry',
      reason: MERCADOPAGO_REFUND_SHORT_OF_BALANCE,
    });
    // Told apart by the payment read back: approved, recent, R$ 50,00 still refundable.
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payments/${ref}` });
    expect(fake.payments.get(Number(ref))?.refunds).toHaveLength(0);
    // Within the balance it is made; once the balance is back, the same key makes the refund once.
    expect((await mp.refund(ref, 1000, 'r-bal-small')).status).toBe('succeeded');
    fake.setBalance(10_000);
    const made = await mp.refund(ref, 2000, 'r-bal');
    expect(made.status).toBe('succeeded');
    expect(await mp.refund(ref, 2000, 'r-bal')).toEqual(made);
    expect(fake.payments.get(Number(ref))).toMatchObject({ transaction_amount_refunded: 30 });

    // The documented refusals stay final, whatever the balance.
    fake.setBalance(0);
    expect(await mp.refund(ref, 2001, 'r-bal-over')).toEqual({
      status: 'refused',
      reason: 'Valor maior que o disponível para reembolso.',
    });
    const { providerRef: review } = await charge(fakeCardToken('CONT'), { idempotencyKey: 'k-bal-cont' });
    expect(await mp.refund(review, 100, 'r-bal-cont')).toEqual({
      status: 'refused',
      reason: 'Este pagamento não pode ser reembolsado.',
    });
    // A 400 whose payment cannot be read back now is not taken as final either.
    fake.script(...[1, 2, 3].map(() => ({ method: 'GET', path: `/v1/payments/${ref}`, status: 503 })));
    expect(await mp.refund(ref, 500, 'r-bal-unread')).toMatchObject({ status: 'retry' });
  });

  it('cancellations: only a pending or in_process payment is cancelled; an approved one is left as it is', async () => {
    const pending = await charge(fakeCardToken('CONT'), { idempotencyKey: 'k-c1' });
    await mp.cancelCharge(pending.providerRef);
    expect(fake.payments.get(Number(pending.providerRef))).toMatchObject({
      status: 'cancelled',
      status_detail: 'by_collector',
    });
    const approved = await charge(fakeCardToken('APRO'), { idempotencyKey: 'k-c2' });
    await mp.cancelCharge(approved.providerRef);
    expect(fake.payments.get(Number(approved.providerRef))?.status).toBe('approved');
    expect(
      await direct(`/v1/payments/${approved.providerRef}`, { status: 'cancelled' }, { method: 'PUT' }),
    ).toMatchObject({ status: 400, code: 4006 });
  });

  it('payments search: by external_reference (the whole value), over the last twelve months only', async () => {
    const refused = await charge(fakeCardToken('FUND'), { reference: 'pay-a', idempotencyKey: 'k-s1' });
    const approved = await charge(fakeCardToken('APRO'), { reference: 'pay-a', idempotencyKey: 'k-s2' });
    await charge(fakeCardToken('APRO'), { reference: 'pay-ab', idempotencyKey: 'k-s3' });
    const old = await charge(fakeCardToken('APRO'), { reference: 'pay-old', idempotencyKey: 'k-s4' });
    const yearAgo = new Date(fake.clock().getTime());
    yearAgo.setUTCMonth(yearAgo.getUTCMonth() - 12);
    fake.payments.get(Number(old.providerRef))!.date_created = toMercadoPagoDate(
      new Date(yearAgo.getTime() - 60_000),
    );

    const found = await mp.findCharges('pay-a');
    expect(found.map((e) => [e.providerRef, e.outcome, e.paymentUuid]).sort()).toEqual(
      [
        [refused.providerRef, 'failed', 'pay-a'],
        [approved.providerRef, 'paid', 'pay-a'],
      ].sort(),
    );
    // The documented request: sort, criteria and the reference, nothing else.
    const search = fake.requests.filter((r) => r.path === '/v1/payments/search').at(-1)!;
    expect(search.query).toEqual({ sort: 'date_created', criteria: 'desc', external_reference: 'pay-a' });
    expect(await mp.findCharges('pay-old')).toEqual([]);
    expect(await mp.findCharges('pay')).toEqual([]);
  });
});

describe('finding the charges of one of our payments', () => {
  it('takes no payment of another reference, should the search answer one', async () => {
    const other = await charge(fakeCardToken('APRO'), { reference: 'pay-other', idempotencyKey: 'k-f1' });
    fake.script({
      method: 'GET',
      path: '/v1/payments/search',
      status: 200,
      body: {
        paging: { total: 1, limit: 30, offset: 0 },
        results: [fake.payments.get(Number(other.providerRef))],
      },
    });
    expect(await mp.findCharges('pay-mine')).toEqual([]);
  });

  it('reports a Pix still to pay with its copy-and-paste code, and throws when Mercado Pago does not answer', async () => {
    const pix = await mp.createPix({
      amountCents: 6500,
      reference: 'pay-pix',
      idempotencyKey: 'k-f2',
      expiresAt: new Date(fake.clock().getTime() + 60 * 60_000),
      payer,
      description: 'Sala 1',
    });
    expect(await mp.findCharges('pay-pix')).toEqual([
      expect.objectContaining({
        providerRef: pix.providerRef,
        outcome: 'pending',
        paymentUuid: 'pay-pix',
        pixCopyPaste: pix.copyPaste,
      }),
    ]);
    fake.script(...[1, 2, 3].map(() => ({ method: 'GET', path: '/v1/payments/search', status: 503 })));
    await expect(mp.findCharges('pay-pix')).rejects.toThrow(/Mercado Pago/);
  });
});
