/** The app with Mercado Pago as its payment provider, Mercado Pago's API played by the local fake. */
import { expect } from 'vitest';
import { createTestContext, request, type TestContext } from './app.ts';
import {
  FAKE_MP_ACCESS_TOKEN,
  FAKE_MP_CLIENT_ID,
  FAKE_MP_CLIENT_SECRET,
  type FakeMercadoPago,
  fakeCardToken,
  startFakeMercadoPago,
} from './mercadopago-fake.ts';

/**
 * The configuration that charges through `fake`, its notifications signed with
 * MERCADOPAGO_WEBHOOK_SECRET; `oauth` adds the application's credentials and the fake's
 * authorization page (partners connecting their accounts); `env` adds to it or overrides it.
 */
export function mercadoPagoEnv(
  fake: FakeMercadoPago,
  env: Record<string, string> = {},
  options: { oauth?: boolean } = {},
): Record<string, string> {
  return {
    PAYMENT_PROVIDER: 'mercadopago',
    MERCADOPAGO_ACCESS_TOKEN: FAKE_MP_ACCESS_TOKEN,
    MERCADOPAGO_PUBLIC_KEY: 'TEST-00000000-0000-0000-0000-publickey000',
    MERCADOPAGO_WEBHOOK_SECRET: 'mp-webhook-secret-0123456789',
    MERCADOPAGO_API_URL: fake.url,
    ...(options.oauth
      ? {
          MERCADOPAGO_AUTH_URL: `${fake.url}/authorization`,
          MERCADOPAGO_CLIENT_ID: FAKE_MP_CLIENT_ID,
          MERCADOPAGO_CLIENT_SECRET: FAKE_MP_CLIENT_SECRET,
        }
      : {}),
    PUBLIC_URL: 'https://salas.example.com.br',
    ...env,
  };
}

/**
 * A fake Mercado Pago and a fresh app on a fresh database charging through it (mercadoPagoEnv).
 * The test closes both: `t.close()`, then `fake.close()`.
 */
export async function createMercadoPagoTestContext(
  env: Record<string, string> = {},
  options: { oauth?: boolean } = {},
): Promise<{ fake: FakeMercadoPago; t: TestContext }> {
  const fake = await startFakeMercadoPago();
  try {
    return { fake, t: await createTestContext(mercadoPagoEnv(fake, env, options)) };
  } catch (error) {
    await fake.close();
    throw error;
  }
}

/** A card saved from a browser token of the fake (APRO: charges approve); answers its uuid. */
export async function saveFakeCard(
  t: TestContext,
  who: { user: { uuid: string }; token: string },
  outcome = 'APRO',
): Promise<string> {
  const saved = await request(t.app, {
    method: 'POST',
    url: `/api/customer/${who.user.uuid}/card`,
    token: who.token,
    payload: { card_token: fakeCardToken(outcome) },
  });
  expect(saved.statusCode, saved.body).toBe(201);
  return saved.json().data.uuid;
}
