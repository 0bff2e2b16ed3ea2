// `npm run mercadopago:fake`: the local imitation of Mercado Pago's API (server/test/mercadopago-fake.ts)
// on its own, for the product started for real with PAYMENT_PROVIDER=mercadopago and
// MERCADOPAGO_API_URL pointing at it (docs/operations.md, "Pagamentos reais (Mercado Pago)").
// Prints its URL and keeps answering until stopped (Ctrl+C / SIGTERM). Options (or the environment):
//   --port <n>              port on 127.0.0.1 (default 8787; 0 picks a free one)
//   --host <addr>           address to listen on (default 127.0.0.1)
//   --access-token <t>      the bearer token it accepts (MERCADOPAGO_ACCESS_TOKEN; default the fake's)
//   --webhook-secret <s>    signs the notifications it sends (MERCADOPAGO_WEBHOOK_SECRET); without
//                           it, approving a payment sends nothing
//   --notification-url <u>  sends notifications there instead of each payment's notification_url
// Its own controls (not Mercado Pago's API), under /__fake/:
//   GET  /__fake/payments                 every payment (id, status, external_reference…)
//   POST /__fake/payments/<id>/approve    the payer pays; {"notify": false} sends no notification
//   POST /__fake/payments/<id>/status     {"status": "rejected", "status_detail": "…"}
//   POST /__fake/balance                  {"cents": 0} the account has no balance for refunds;
//                                         {"cents": null} always enough
import { parseArgs } from 'node:util';
import { FAKE_MP_ACCESS_TOKEN, startFakeMercadoPago } from '../server/test/mercadopago-fake.ts';
import { closeOnSignal } from './close-on-signal.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    host: { type: 'string', default: '127.0.0.1' },
    'access-token': { type: 'string' },
    'webhook-secret': { type: 'string' },
    'notification-url': { type: 'string' },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port inválida: ${values.port}`);
  process.exit(2);
}
const accessToken = values['access-token'] || process.env.MERCADOPAGO_ACCESS_TOKEN || FAKE_MP_ACCESS_TOKEN;
const webhookSecret = values['webhook-secret'] || process.env.MERCADOPAGO_WEBHOOK_SECRET || undefined;
const fake = await startFakeMercadoPago({
  accessToken,
  // The product runs on real time; so does the imitation when it stands alone.
  clock: () => new Date(),
  port,
  host: values.host,
  controls: { webhookSecret, notificationUrl: values['notification-url'] },
});
// One line the caller can read: the URL to put in MERCADOPAGO_API_URL.
console.log(`Mercado Pago falso em ${fake.url}`);
console.log(`  MERCADOPAGO_API_URL=${fake.url}`);
console.log(`  MERCADOPAGO_ACCESS_TOKEN=${accessToken}`);
console.log(
  webhookSecret
    ? '  notificações assinadas com MERCADOPAGO_WEBHOOK_SECRET ao aprovar um pagamento'
    : '  sem --webhook-secret: aprovar um pagamento não envia notificação',
);

closeOnSignal(fake);
