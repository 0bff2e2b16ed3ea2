/**
 * The product started for real with PAYMENT_PROVIDER=mercadopago, its MERCADOPAGO_API_URL pointing
 * at the standalone imitation of Mercado Pago (`npm run mercadopago:fake`, scripts/mercadopago-fake.ts):
 * two processes, spoken to over HTTP only. A specialist signs in with the code mailed to MAIL_DIR,
 * books an hour with Pix and gets the copy-paste code; the imitation marks the Pix paid and POSTs the
 * signed notification to the payment's notification_url (PUBLIC_URL/api/payments/webhook?
 * source_news=webhooks); the server reads the payment back and confirms the booking, and the receipt
 * and the confirmation land in MAIL_DIR. A cancellation then refunds through the same API.
 *
 * The server is server/main.ts (what `npm start` runs once built) through the repository's TS loader,
 * with NODE_ENV=production. Its data are made beforehand in this process (a partner's room, a
 * specialist with a complete profile) on a database handed over to it: a PGlite data directory, or
 * a database on TEST_DATABASE_URL's server. The demo data would make the same journey, but seeding
 * them takes longer than this whole test (~20 s on two cores).
 *
 * Not covered here: a Pix whose notification never comes, settled by the read-back job. The job
 * runs every minute in a real process (server/jobs.ts) and nothing speeds it up there, so the wait
 * would pass a minute; the same path is covered in-process by mercadopago.flow.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidBrCode } from '#common/br/pix';
import { addDays, zonedDate } from '#common/time/zone';
import { createTestContext, type TestContext } from '../../test/app.ts';
import { completeProfile, createUser, PASSWORD, signedInAs, uniqueEmail } from '../../test/fixtures.ts';
import { FAKE_MP_ACCESS_TOKEN } from '../../test/mercadopago-fake.ts';
import {
  freePort,
  handOver,
  inheritedEnv,
  productApi,
  start,
  startProduct,
  stopAll,
  until,
} from '../../test/product.ts';
import { createClinic, createRoom, openClinic } from '../../test/supply-fixtures.ts';

const SECRET = 'mp-webhook-secret-produto-0123456789';

let prep: TestContext;
let dataDir: string;
let mailDir: string;
let fakeUrl: string;
let baseUrl: string;
let roomUuid: string;
let email: string;

/** A call to the product, with the XSRF double submit the web client does. */
const api = productApi(() => baseUrl);

/** A control of the imitation (not Mercado Pago's API). */
async function fake(method: string, url: string, body?: unknown) {
  const res = await fetch(`${fakeUrl}${url}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

/** The .eml files mailed to `to` whose subject starts like `slug` (the file name carries both). */
const mails = (to: string, slug: string) =>
  fs.existsSync(mailDir)
    ? fs
        .readdirSync(mailDir)
        .filter((f) => f.endsWith('.eml') && f.includes(`-${to}-${slug}`))
        .map((f) =>
          fs
            .readFileSync(path.join(mailDir, f), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '='),
        )
    : [];

/** Run in the PostgreSQL pass only (see the describe below). */
const skipped = !process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  if (skipped) return;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-mp-produto-'));
  mailDir = path.join(dataDir, 'mail');

  // The data, made the way the API tests make them, then handed over to the product.
  prep = await createTestContext();
  const partner = await signedInAs(prep, 'partner');
  const clinic = await createClinic(prep, partner.user, partner.token);
  await openClinic(prep, partner.user, partner.token, clinic.uuid);
  roomUuid = (await createRoom(prep, partner.user, partner.token, clinic.uuid, 'Sala Pix', '1.0833')).uuid;
  email = uniqueEmail('especialista');
  await completeProfile(prep, await createUser(prep, { role: 'customer', email }));
  const database = await handOver(prep, dataDir);

  const mp = start(
    ['scripts/mercadopago-fake.ts', '--port', '0', '--webhook-secret', SECRET],
    inheritedEnv(),
  );
  fakeUrl = await until(
    'o Mercado Pago falso',
    async () => mp.output().match(/Mercado Pago falso em (\S+)/)?.[1],
  );

  baseUrl = await startProduct(await freePort(), {
    DATA_DIR: dataDir,
    MAIL_DIR: mailDir,
    PAYMENT_PROVIDER: 'mercadopago',
    MERCADOPAGO_ACCESS_TOKEN: FAKE_MP_ACCESS_TOKEN,
    MERCADOPAGO_PUBLIC_KEY: 'TEST-00000000-0000-0000-0000-publickey000',
    MERCADOPAGO_WEBHOOK_SECRET: SECRET,
    MERCADOPAGO_API_URL: fakeUrl,
    TOKEN_ENCRYPTION_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    ...database,
  });
}, 60_000);

afterAll(() => stopAll(prep, dataDir));

// Two processes and their wiring (settings → adapter → the imitation → the signed webhook), the same
// on either database: run once, on PostgreSQL, where `npm test` runs every server suite
// (vitest.suites.config.ts); mercadopago.flow.test.ts covers these flows in-process.
describe.skipIf(skipped)('the product with PAYMENT_PROVIDER=mercadopago, started for real', () => {
  it('books an hour with Pix, is notified by Mercado Pago, confirms it, mails the receipt, refunds a cancellation', async () => {
    // Sign-in in two steps, the code read from the .eml in MAIL_DIR.
    expect((await api('POST', '/api/loginTwoFactor', { body: { email, password: PASSWORD } })).status).toBe(
      200,
    );
    const code = await until('o código de acesso', async () =>
      mails(email, '')
        .map((m) => m.match(/token=(\d{6})/)?.[1])
        .find(Boolean),
    );
    const session = await api('POST', '/api/authenticateToken', { body: { email, login_token: code } });
    expect(session.status, session.text).toBe(200);
    const token = session.json.data.token as string;
    expect((await api('GET', '/api/config')).json.data).toMatchObject({
      paymentProvider: 'mercadopago',
      simulatePayments: false,
    });

    // Books with Pix and sees the copy-paste code Mercado Pago made.
    const day = addDays(zonedDate(new Date(), 'America/Sao_Paulo'), 5);
    const booked = await api('POST', '/api/customer/appointment/bulk', {
      token,
      body: { room_uuid: roomUuid, date_times: [`${day}T10:00:00-03:00`], payment_method: 'pix' },
    });
    expect(booked.status, booked.text).toBe(201);
    const booking = booked.json.data;
    expect(booking.status).toBe('pending_payment');
    expect(isValidBrCode(booking.payment.pix.copy_paste)).toBe(true);
    const { payments } = await fake('GET', '/__fake/payments');
    const charge = payments.find(
      (p: { external_reference: string }) => p.external_reference === booking.payment.uuid,
    );
    expect(charge).toMatchObject({
      status: 'pending',
      payment_method_id: 'pix',
      transaction_amount: 65,
      notification_url: `${baseUrl}/api/payments/webhook?source_news=webhooks`,
    });

    // The payer pays; Mercado Pago POSTs the signed notification, the server reads the payment back.
    const paid = await fake('POST', `/__fake/payments/${charge.id}/approve`);
    expect(paid.notification).toMatchObject({ status: 200 });
    expect(JSON.parse(paid.notification.body).data).toMatchObject({ received: true, applied: true });
    const status = await api('GET', `/api/customer/payment/${booking.payment.uuid}`, { token });
    expect(status.json.data).toMatchObject({ status: 'paid', booking_status: 'confirmed' });
    const receipt = await until('o recibo do Pix', async () => mails(email, 'pagamento-recebido')[0]);
    expect(receipt).toContain(booking.payment.uuid);
    await until('a confirmação', async () => mails(email, 'reserva-confirmada')[0]);

    // Canceled days ahead: refunded in full through Mercado Pago's refunds API.
    const canceled = await api('POST', `/api/customer/appointment/${booking.appointments[0].uuid}/cancel`, {
      token,
    });
    expect(canceled.json.data).toMatchObject({ refund_cents: 6500 });
    const refunded = await until('o reembolso no Mercado Pago', async () => {
      const list = (await fake('GET', '/__fake/payments')).payments;
      const p = list.find((x: { id: number }) => x.id === charge.id);
      return p.status === 'refunded' ? p : undefined;
    });
    expect(refunded).toMatchObject({ transaction_amount_refunded: 65 });
  });
});
