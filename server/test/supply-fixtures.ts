/** Clinics and rooms made through the API, as a partner would. */
import { expect } from 'vitest';
import { request, type TestContext } from './app.ts';

export async function createClinic(
  ctx: TestContext,
  partner: { uuid: string },
  token: string,
  name = 'Clínica Bem Viver',
) {
  const res = await request(ctx.app, {
    method: 'POST',
    url: `/api/partner/${partner.uuid}/coworking`,
    token,
    payload: { name, description: 'Consultórios no centro', email: 'contato@bemviver.com.br' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { uuid: string; name: string };
}

export async function createRoom(
  ctx: TestContext,
  partner: { uuid: string },
  token: string,
  clinicUuid: string,
  name = 'Sala 1',
  price = '1.0000',
) {
  const res = await request(ctx.app, {
    method: 'POST',
    url: `/api/partner/${partner.uuid}/coworking/${clinicUuid}/room`,
    token,
    payload: { name, description: 'Sala com maca', price_per_minute: price },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { uuid: string; name: string };
}
