/**
 * Partners connect Mercado Pago (DESIGN §9, decision 0035), through the API, on PGlite and (under
 * `node scripts/with-postgres.mjs`) on PostgreSQL: the OAuth flow with the sandbox's own page and
 * with the fake Mercado Pago (state single-use and expiring, PKCE, tokens encrypted, refreshed,
 * disconnect), and the split at payment — card and Pix on the partner's account with the plan's
 * commission as the marketplace fee, refunded through the same account; a partner not connected
 * keeps the platform's account ('payout').
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedDate } from '#common/time/zone';
import { oauthStates, partnerPaymentAccounts, payments } from '../../db/schema.ts';
import { createTokenCipher, parseEncryptionKey } from '../../lib/token-cipher.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { createMercadoPagoTestContext, saveFakeCard } from '../../test/mercadopago-app.ts';
import {
  FAKE_MP_ACCESS_TOKEN,
  FAKE_MP_CLIENT_ID,
  type FakeMercadoPago,
  fakeCardToken,
} from '../../test/mercadopago-fake.ts';
import { bookByCard, openRoom, putOnPlan, saveCard } from '../../test/supply-fixtures.ts';
import { retryRefunds } from '../lifecycle/refunds.service.ts';
import { readBackOpenCharges } from '../payments/reconcile.service.ts';
import { refreshExpiringTokens } from './payment-account.service.ts';

type Person = Awaited<ReturnType<typeof signedInAs>>;

const roomOf = async (t: TestContext, partner: Person, name: string) =>
  (await openRoom(t, partner, { room: name, price: '1.0833' })).room;

const status = (t: TestContext, who: Person, partnerUuid: string) =>
  request(t.app, { method: 'GET', url: `/api/partner/${partnerUuid}/mercadopago`, token: who.token });
const connect = (t: TestContext, who: Person, partnerUuid = who.user.uuid) =>
  request(t.app, {
    method: 'POST',
    url: `/api/partner/${partnerUuid}/mercadopago/connect`,
    token: who.token,
  });
const callback = (t: TestContext, search: string) =>
  request(t.app, { method: 'GET', url: `/api/mercadopago/oauth/callback${search}` });
const paymentOf = async (t: TestContext, uuid: string) =>
  (await t.db.select().from(payments).where(eq(payments.uuid, uuid)))[0]!;

describe('sandbox: connect with the local authorization page, and split', () => {
  let t: TestContext;
  let partner: Person;
  let other: Person;
  let customer: Person;
  let operator: Person;
  let day: string;

  beforeAll(async () => {
    t = await createTestContext({ PUBLIC_URL: 'https://salas.example.com.br' });
    partner = await signedInAs(t, 'partner');
    other = await signedInAs(t, 'partner');
    customer = await signedInAs(t, 'customer');
    operator = await signedInAs(t, 'owner');
    day = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 3);
  }, 120_000);
  afterAll(async () => t?.close());

  /** Connect → the sandbox's page → the callback, as the browser follows the redirects. */
  async function connectThroughSandbox(who: Person) {
    const started = await connect(t, who);
    expect(started.statusCode, started.body).toBe(200);
    const url = new URL(started.json().data.url);
    expect(url.pathname).toBe('/api/sandbox/oauth/authorize');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const page = await request(t.app, { method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode, page.body).toBe(302);
    const back = String(page.headers.location);
    expect(back).toMatch(/^\/api\/mercadopago\/oauth\/callback\?code=.+&state=/);
    return { back, state: url.searchParams.get('state')! };
  }

  it('connects: status before and after, single-use state, redirect to the settings page', async () => {
    expect((await status(t, partner, partner.user.uuid)).json().data).toEqual({
      connected: false,
      account_id: null,
      connected_at: null,
    });
    const { back } = await connectThroughSandbox(partner);
    const done = await callback(t, back.slice(back.indexOf('?')));
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/parceiro/configuracoes/dados-pagamento?mercadopago=conectado');
    const after = (await status(t, partner, partner.user.uuid)).json().data;
    expect(after).toMatchObject({ connected: true, account_id: expect.stringMatching(/^SANDBOX-/) });
    // The same state again: refused, never 500.
    const again = await callback(t, back.slice(back.indexOf('?')));
    expect(again.headers.location).toBe('/parceiro/configuracoes/dados-pagamento?mercadopago=expirado');
    // Unknown state, or none.
    expect((await callback(t, '?code=x&state=desconhecido')).headers.location).toMatch(/expirado$/);
    expect((await callback(t, '')).headers.location).toMatch(/expirado$/);
  });

  it('refuses an expired state', async () => {
    const { back, state } = await connectThroughSandbox(other);
    await t.db
      .update(oauthStates)
      .set({ expiresAt: new Date(t.clock.now.getTime() - 1000) })
      .where(eq(oauthStates.userId, other.user.id));
    expect(state).toBeTruthy();
    expect((await callback(t, back.slice(back.indexOf('?')))).headers.location).toMatch(/expirado$/);
    expect((await status(t, other, other.user.uuid)).json().data.connected).toBe(false);
  });

  it("answers 404 for another partner's uuid; the operator reads the status only", async () => {
    expect((await status(t, other, partner.user.uuid)).statusCode).toBe(404);
    expect((await connect(t, other, partner.user.uuid)).statusCode).toBe(404);
    const del = await request(t.app, {
      method: 'DELETE',
      url: `/api/partner/${partner.user.uuid}/mercadopago`,
      token: other.token,
    });
    expect(del.statusCode).toBe(404);
    const read = await status(t, operator, partner.user.uuid);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.connected).toBe(true);
    expect((await connect(t, operator, partner.user.uuid)).statusCode).toBe(403);
    expect((await status(t, operator, customer.user.uuid)).statusCode).toBe(404);
  });

  it('keeps the tokens encrypted, and never in an answer', async () => {
    const [row] = await t.db
      .select()
      .from(partnerPaymentAccounts)
      .where(eq(partnerPaymentAccounts.userId, partner.user.id));
    const cipher = createTokenCipher(t.config.tokenEncryptionKey);
    const plain = cipher.decrypt(row!.accessTokenEnc);
    expect(plain).toMatch(/^sbx_at_/);
    expect(row!.accessTokenEnc).not.toContain(plain);
    expect(cipher.decrypt(row!.refreshTokenEnc!)).toMatch(/^sbx_rt_/);
    const answer = (await status(t, partner, partner.user.uuid)).body;
    expect(answer).not.toContain(plain);
    const exported = await request(t.app, { method: 'GET', url: '/api/user/export', token: partner.token });
    expect(exported.body).not.toContain(plain);
    expect(exported.body).not.toContain(row!.accessTokenEnc);
  });

  it("charges a connected partner's room on the partner's account (card and Pix), refunds through it", async () => {
    await putOnPlan(t, partner.user, '12.50');
    const room = await roomOf(t, partner, 'Sala Split');
    const card = await saveCard(t, customer.user, customer.token);
    const booking = await bookByCard(t, customer.token, room.uuid, card.uuid, [`${day}T09:00:00-03:00`]);
    const account = (await status(t, partner, partner.user.uuid)).json().data.account_id as string;
    const paid = await paymentOf(t, booking.payment.uuid);
    expect(paid).toMatchObject({ settlement: 'split', collectorAccountId: account, status: 'paid' });
    expect(paid.providerRef).toBe(`ch_sandbox_split_${account}_${booking.payment.uuid}`);
    expect(paid.feeCents).toBe(Math.round((paid.amountCents * 12.5) / 100));
    // Refunded through the partner's account (the sandbox refuses it through any other).
    const canceled = await request(t.app, {
      method: 'POST',
      url: `/api/customer/appointment/${booking.appointments[0]!.uuid}/cancel`,
      token: customer.token,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    await retryRefunds(t.app.services);
    expect((await paymentOf(t, booking.payment.uuid)).status).toBe('refunded');

    const pix = await request(t.app, {
      method: 'POST',
      url: '/api/customer/appointment/bulk',
      token: customer.token,
      payload: { room_uuid: room.uuid, date_times: [`${day}T11:00:00-03:00`], payment_method: 'pix' },
    });
    expect(pix.statusCode, pix.body).toBe(201);
    const open = await paymentOf(t, pix.json().data.payment.uuid);
    expect(open).toMatchObject({ settlement: 'split', collectorAccountId: account });
    expect(open.providerRef).toMatch(/^pix_sandbox_split_/);
  });

  it("leaves a partner not connected on the platform's account (payout)", async () => {
    const room = await roomOf(t, other, 'Sala Repasse');
    const card = await saveCard(t, customer.user, customer.token);
    const booking = await bookByCard(t, customer.token, room.uuid, card.uuid, [`${day}T14:00:00-03:00`]);
    const row = await paymentOf(t, booking.payment.uuid);
    expect(row).toMatchObject({ settlement: 'payout', collectorAccountId: null, status: 'paid' });
    expect(row.providerRef).toBe(`ch_sandbox_${booking.payment.uuid}`);
  });

  it('disconnects: 204, the row gone, later bookings on payouts', async () => {
    const res = await request(t.app, {
      method: 'DELETE',
      url: `/api/partner/${partner.user.uuid}/mercadopago`,
      token: partner.token,
    });
    expect(res.statusCode).toBe(204);
    expect((await status(t, partner, partner.user.uuid)).json().data.connected).toBe(false);
    const rows = await t.db
      .select()
      .from(partnerPaymentAccounts)
      .where(eq(partnerPaymentAccounts.userId, partner.user.id));
    expect(rows).toEqual([]);
  });
});

describe('Mercado Pago: OAuth against the fake, split Pix with the application fee', () => {
  let fake: FakeMercadoPago;
  let t: TestContext;
  let partner: Person;
  let customer: Person;
  let day: string;

  beforeAll(async () => {
    ({ fake, t } = await createMercadoPagoTestContext({}, { oauth: true }));
    partner = await signedInAs(t, 'partner');
    customer = await signedInAs(t, 'customer');
    day = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 3);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** The browser at Mercado Pago's page (the fake's), then back at our callback. */
  async function authorizeAtFake(who: Person) {
    const started = await connect(t, who);
    expect(started.statusCode, started.body).toBe(200);
    const url = new URL(started.json().data.url);
    expect(url.origin + url.pathname).toBe(`${fake.url}/authorization`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: FAKE_MP_CLIENT_ID,
      response_type: 'code',
      platform_id: 'mp',
      code_challenge_method: 'S256',
      redirect_uri: 'https://salas.example.com.br/api/mercadopago/oauth/callback',
    });
    const page = await fetch(url, { redirect: 'manual' });
    expect(page.status).toBe(302);
    const back = new URL(page.headers.get('location')!);
    return back.search;
  }

  it('connects through /oauth/token with the PKCE verifier; the code is good once', async () => {
    const search = await authorizeAtFake(partner);
    const done = await callback(t, search);
    expect(done.headers.location).toMatch(/mercadopago=conectado$/);
    const exchange = [...fake.requests].reverse().find((r) => r.path === '/oauth/token')!;
    expect(exchange.body).toMatchObject({
      grant_type: 'authorization_code',
      client_id: FAKE_MP_CLIENT_ID,
      code_verifier: expect.stringMatching(/^[\w-]{43,128}$/),
    });
    const data = (await status(t, partner, partner.user.uuid)).json().data;
    expect(data).toMatchObject({ connected: true, account_id: expect.stringMatching(/^7\d{8}$/) });
    // The raw column is not the token the fake issued.
    const [row] = await t.db
      .select()
      .from(partnerPaymentAccounts)
      .where(eq(partnerPaymentAccounts.userId, partner.user.id));
    const issued = [...fake.sellerTokens.keys()].at(-1)!;
    expect(row!.accessTokenEnc).not.toContain(issued);
    expect(
      createTokenCipher(parseEncryptionKey(t.config.tokenEncryptionKey.toString('hex'))!).decrypt(
        row!.accessTokenEnc,
      ),
    ).toBe(issued);
    // A replayed callback: the state is spent.
    expect((await callback(t, search)).headers.location).toMatch(/mercadopago=expirado$/);
  });

  it('refreshes a token before it ends (the job), with the refresh_token grant', async () => {
    const before = fake.requests.filter((r) => r.path === '/oauth/token').length;
    await t.db
      .update(partnerPaymentAccounts)
      .set({ expiresAt: new Date(t.clock.now.getTime() + 5 * 86_400_000) })
      .where(eq(partnerPaymentAccounts.userId, partner.user.id));
    expect(await refreshExpiringTokens(t.app.services)).toBe(1);
    const calls = fake.requests.filter((r) => r.path === '/oauth/token');
    expect(calls).toHaveLength(before + 1);
    expect(calls.at(-1)!.body).toMatchObject({ grant_type: 'refresh_token' });
    const [row] = await t.db
      .select()
      .from(partnerPaymentAccounts)
      .where(eq(partnerPaymentAccounts.userId, partner.user.id));
    expect(row!.expiresAt!.getTime()).toBeGreaterThan(t.clock.now.getTime() + 170 * 86_400_000);
    // Nothing left to refresh.
    expect(await refreshExpiringTokens(t.app.services)).toBe(0);
  });

  it("opens a Pix on the partner's account with the commission as application_fee, refunds through it", async () => {
    await putOnPlan(t, partner.user, '10.00');
    const room = await roomOf(t, partner, 'Sala MP Split');
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/customer/appointment/bulk',
      token: customer.token,
      payload: { room_uuid: room.uuid, date_times: [`${day}T09:00:00-03:00`], payment_method: 'pix' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const uuid = res.json().data.payment.uuid as string;
    const row = await paymentOf(t, uuid);
    const account = (await status(t, partner, partner.user.uuid)).json().data.account_id as string;
    expect(row).toMatchObject({ settlement: 'split', collectorAccountId: account });
    const created = fake.payments.get(Number(row.providerRef))!;
    expect(created.collector_id).toBe(Number(account));
    expect(created.fee_details).toEqual([
      { type: 'application_fee', amount: Math.round(row.amountCents / 10) / 100, fee_payer: 'collector' },
    ]);
    const post = [...fake.requests].reverse().find((r) => r.method === 'POST' && r.path === '/v1/payments')!;
    expect(post.headers.authorization).not.toBe(`Bearer ${FAKE_MP_ACCESS_TOKEN}`);
    // Paid, read back through the partner's account by the job, then canceled: refunded there.
    fake.approve(created.id);
    await readBackOpenCharges(t.app.services);
    expect((await paymentOf(t, uuid)).status).toBe('paid');
    const canceled = await request(t.app, {
      method: 'POST',
      url: `/api/customer/appointment/${res.json().data.appointments[0].uuid}/cancel`,
      token: customer.token,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    await retryRefunds(t.app.services);
    expect((await paymentOf(t, uuid)).status).toBe('refunded');
    const refundCall = [...fake.requests].reverse().find((r) => /\/refunds$/.test(r.path))!;
    expect(refundCall.headers.authorization).toBe(post.headers.authorization);
    expect(fake.payments.get(created.id)!.status).toBe('refunded');
  });

  it("charges a saved card on the platform's account (payout): Mercado Pago cannot split it", async () => {
    const cardUuid = await saveFakeCard(t, customer);
    const room = await roomOf(t, partner, 'Sala MP Cartão');
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/customer/appointment/bulk',
      token: customer.token,
      payload: {
        room_uuid: room.uuid,
        date_times: [`${day}T15:00:00-03:00`],
        payment_method: 'card',
        card_uuid: cardUuid,
        card_token: fakeCardToken('APRO'),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await paymentOf(t, res.json().data.payment.uuid);
    expect(row).toMatchObject({ settlement: 'payout', collectorAccountId: null, status: 'paid' });
    expect(fake.payments.get(Number(row.providerRef))!.collector_id).toBe(123456789);
  });

  it('refuses an application fee on the platform’s own payment (the fake cites the docs)', async () => {
    const res = await fetch(`${fake.url}/v1/payments`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${FAKE_MP_ACCESS_TOKEN}`,
        'content-type': 'application/json',
        'x-idempotency-key': 'taxa-na-conta-da-plataforma',
      },
      body: JSON.stringify({
        transaction_amount: 100,
        token: fakeCardToken('APRO'),
        installments: 1,
        payer: { email: 'a@b.com' },
        application_fee: 10,
      }),
    });
    expect(res.status).toBe(400);
  });
});
