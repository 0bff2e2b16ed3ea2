/**
 * The product started for real with WhatsApp on, its WHATSAPP_API_URL pointing at the standalone
 * imitation of Meta's Cloud API (`npm run whatsapp:fake`, scripts/whatsapp-fake.ts), whose webhooks
 * go to the product's PUBLIC_URL/api/whatsapp/webhook: two processes, spoken to over HTTP only. A
 * specialist who chose WhatsApp books an hour by card; the imitation receives the confirmation
 * template with its quick replies; a tap on "Cancelar reserva", posted and signed by the imitation,
 * cancels the booking with the whole refund. The data are made beforehand in this process and
 * handed over (test/product.ts), as in the Mercado Pago product test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedDate } from '#common/time/zone';
import { users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
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
import { createClinic, createRoom, openClinic, storedCard } from '../../test/supply-fixtures.ts';
import { type FakeWhatsAppMessage, whatsappEnv } from '../../test/whatsapp-fake.ts';

/** The test profiles' phone (test/profiles.ts), in international digits. */
const MOBILE = '5511987654321';

let prep: TestContext;
let dataDir: string;
let fakeUrl: string;
let baseUrl: string;
let roomUuid: string;
let customer: { token: string };
let cardUuid: string;
const api = productApi(() => baseUrl);

/** A control of the imitation (not Meta's API). */
async function fake(method: string, url: string, body?: unknown) {
  const res = await fetch(`${fakeUrl.replace(/\/v[\d.]+$/, '')}/__fake${url}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

/** Run in the PostgreSQL pass only, as the Mercado Pago product test. */
const skipped = !process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  if (skipped) return;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-wa-produto-'));
  prep = await createTestContext();
  const partner = await signedInAs(prep, 'partner');
  const clinic = await createClinic(prep, partner.user, partner.token);
  await openClinic(prep, partner.user, partner.token, clinic.uuid);
  roomUuid = (await createRoom(prep, partner.user, partner.token, clinic.uuid, 'Sala Zap')).uuid;
  const specialist = await signedInAs(prep, 'customer');
  customer = specialist;
  cardUuid = (await storedCard(prep, specialist.user)).uuid;
  await prep.db
    .update(users)
    .set({ whatsappPhone: MOBILE, whatsappOptedInAt: prep.clock.now })
    .where(eq(users.id, specialist.user.id));
  const database = await handOver(prep, dataDir);

  const port = await freePort();
  const runner = start(
    [
      'scripts/whatsapp-fake.ts',
      '--port',
      '0',
      '--webhook-url',
      `http://127.0.0.1:${port}/api/whatsapp/webhook`,
    ],
    inheritedEnv(),
  );
  fakeUrl = await until(
    'o WhatsApp falso',
    async () => runner.output().match(/WhatsApp falso em (\S+)/)?.[1],
  );
  baseUrl = await startProduct(port, {
    DATA_DIR: dataDir,
    MAIL_DIR: path.join(dataDir, 'mail'),
    PAYMENT_PROVIDER: 'sandbox',
    PAYMENT_WEBHOOK_SECRET: 'sandbox-webhook-secret-produto-0123456789',
    TOKEN_ENCRYPTION_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    ...whatsappEnv(fakeUrl),
    ...database,
  });
}, 60_000);

afterAll(() => stopAll(prep, dataDir));

describe.skipIf(skipped)('the product with WhatsApp on, started for real', () => {
  it('sends the confirmation template to the specialist who chose WhatsApp, and cancels on her tap', async () => {
    const day = addDays(zonedDate(new Date(), 'America/Sao_Paulo'), 5);
    const booked = await api('POST', '/api/customer/appointment/bulk', {
      token: customer.token,
      body: {
        room_uuid: roomUuid,
        date_times: [`${day}T10:00:00-03:00`],
        payment_method: 'card',
        card_uuid: cardUuid,
      },
    });
    expect(booked.status, booked.text).toBe(201);
    const booking = booked.json.data;
    expect(booking.status).toBe('confirmed');

    const confirmation = await until('a confirmação no WhatsApp', async () =>
      ((await fake('GET', '/messages')) as FakeWhatsAppMessage[]).find(
        (m) => m.template === 'reserva_confirmada' && m.to === MOBILE,
      ),
    );
    expect(confirmation).toMatchObject({ language: 'pt_BR' });
    expect(confirmation.quickReplies).toHaveLength(2);

    // Her tap on "Cancelar reserva": the imitation signs and posts the webhook, the product acts.
    const tap = await fake('POST', '/tap', { wamid: confirmation.wamid, index: 0 });
    expect(tap.status, tap.body).toBe(200);
    const mine = await api('GET', `/api/customer/booking/${booking.uuid}`, { token: customer.token });
    expect(mine.json.data).toMatchObject({
      status: 'canceled',
      refunds: [expect.objectContaining({ amount_cents: booking.amount_cents })],
    });
  });
});
