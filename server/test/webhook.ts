/** The provider's signed webhook, as the sandbox gateway would send it (DESIGN §4). */
import { createHmac } from 'node:crypto';
import { request, type TestContext } from './app.ts';

export function signedWebhook(ctx: TestContext, body: object, secret = ctx.config.paymentWebhookSecret) {
  const raw = JSON.stringify(body);
  const ts = Math.floor(ctx.clock.now.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${ts}.${raw}`).digest('hex');
  return request(ctx.app, {
    method: 'POST',
    url: '/api/payments/webhook',
    xsrf: false,
    payload: raw,
    headers: { 'content-type': 'application/json', 'x-webhook-signature': `t=${ts},v1=${v1}` },
  });
}
