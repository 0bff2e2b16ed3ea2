// `npm run whatsapp:fake`: the local imitation of Meta's WhatsApp Cloud API (server/test/whatsapp-fake.ts)
// on its own, for the product started for real with WHATSAPP_API_URL pointing at it
// (docs/operations.md, "WhatsApp"). Prints its URL and the settings to give the product, then every
// message it receives, until stopped (Ctrl+C / SIGTERM). Options (or the environment):
//   --port <n>          port on 127.0.0.1 (default 8788; 0 picks a free one)
//   --host <addr>       address to listen on (default 127.0.0.1)
//   --webhook-url <u>   where its webhooks go (default http://localhost:3000/api/whatsapp/webhook)
// The token, phone number id, app secret and verify token are the fake's (WHATSAPP_* printed below),
// or those of the environment when set.
// Its own controls (not Meta's API), under /__fake/:
//   GET  /__fake/messages   every message it accepted (wamid, to, template, params, quick replies…)
//   POST /__fake/tap        {"wamid": "…", "index": 0, "from": "55…"} taps a quick reply (default: the
//                           last message's first button, as its recipient)
//   POST /__fake/text       {"from": "55…", "text": "PARAR"} a message from a person
//   POST /__fake/status     {"wamid": "…", "status": "delivered" | "read" | "failed"}
//   POST /__fake/fail       {"code": 130429, "times": 1} the next request(s) answer that error
import { parseArgs } from 'node:util';
import {
  FAKE_WA_APP_SECRET,
  FAKE_WA_PHONE_NUMBER_ID,
  FAKE_WA_TOKEN,
  FAKE_WA_VERIFY_TOKEN,
  startFakeWhatsApp,
} from '../server/test/whatsapp-fake.ts';
import { closeOnSignal } from './close-on-signal.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8788' },
    host: { type: 'string', default: '127.0.0.1' },
    'webhook-url': { type: 'string' },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port inválida: ${values.port}`);
  process.exit(2);
}
const env = process.env;
const settings = {
  token: env.WHATSAPP_TOKEN || FAKE_WA_TOKEN,
  phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID || FAKE_WA_PHONE_NUMBER_ID,
  appSecret: env.WHATSAPP_APP_SECRET || FAKE_WA_APP_SECRET,
};
const webhookUrl = values['webhook-url'] || 'http://localhost:3000/api/whatsapp/webhook';
const fake = await startFakeWhatsApp({
  ...settings,
  webhookUrl,
  // The product runs on real time; so does the imitation when it stands alone.
  clock: () => new Date(),
  port,
  host: values.host,
  log: (line) => console.log(`${new Date().toISOString()} ${line}`),
});
console.log(`WhatsApp falso em ${fake.url} (webhooks para ${webhookUrl})`);
console.log(`  WHATSAPP_API_URL=${fake.url}`);
console.log(`  WHATSAPP_TOKEN=${settings.token}`);
console.log(`  WHATSAPP_PHONE_NUMBER_ID=${settings.phoneNumberId}`);
console.log(`  WHATSAPP_APP_SECRET=${settings.appSecret}`);
console.log(`  WHATSAPP_VERIFY_TOKEN=${env.WHATSAPP_VERIFY_TOKEN || FAKE_WA_VERIFY_TOKEN}`);
console.log(`  controles em ${fake.controlUrl} (messages, tap, text, status, fail)`);

closeOnSignal(fake);
