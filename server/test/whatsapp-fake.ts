/**
 * A local stand-in for Meta's WhatsApp Cloud API (`POST /{version}/{phone-number-id}/messages`) and
 * for the webhooks it sends, for contract tests and for the product started for real
 * (`npm run whatsapp:fake`, docs/operations.md). It records every message it accepted, can be told
 * to answer the next request(s) with an error (`failNext`), and posts signed webhooks (statuses,
 * quick-reply taps, texts) to the app's URL.
 *
 * A witness, not a mirror: every rule it enforces cites Meta's developer pages
 * (developers.facebook.com/documentation/business-messaging/whatsapp/…) or Meta's own Node SDK
 * (github.com/WhatsApp/WhatsApp-Nodejs-SDK), with the sentence or the line quoted. Where those name
 * a rule but not its error code, the code the fake answers is marked as its own choice: the product
 * acts only on 130429 and 131056, which the issue names, and treats every other code alike — Meta's
 * "Error codes" page: "Meta recommends that you build your app's error handling logic around `code`
 * values and `details` payload properties." What Meta does not state (the pair rate's interval) the
 * fake does not enforce; it answers 131056 when a test asks it to (`failNext`).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { whatsappTemplates } from '../features/notifications/whatsapp.templates.ts';

export const FAKE_WA_TOKEN = 'fake-whatsapp-token-0123456789abcdef';
export const FAKE_WA_PHONE_NUMBER_ID = '109876543210987';
export const FAKE_WA_APP_SECRET = 'fake-whatsapp-app-secret-0123456789';
export const FAKE_WA_VERIFY_TOKEN = 'fake-whatsapp-verify-token';
/** The business's own number (the `display_phone_number` of its webhooks). */
export const FAKE_WA_BUSINESS_NUMBER = '5511955550000';
const VERSION = 'v21.0';

/** The environment that points the product at a fake started at `url`. */
export const whatsappEnv = (url: string): Record<string, string> => ({
  WHATSAPP_TOKEN: FAKE_WA_TOKEN,
  WHATSAPP_PHONE_NUMBER_ID: FAKE_WA_PHONE_NUMBER_ID,
  WHATSAPP_APP_SECRET: FAKE_WA_APP_SECRET,
  WHATSAPP_VERIFY_TOKEN: FAKE_WA_VERIFY_TOKEN,
  WHATSAPP_API_URL: url,
});

/** A message the fake accepted (answered with a wamid). */
export interface FakeWhatsAppMessage {
  wamid: string;
  to: string;
  type: 'template' | 'text';
  template?: string;
  language?: string;
  params: string[];
  /** The quick-reply buttons' payloads, by index. */
  quickReplies: string[];
  text?: string;
  at: Date;
}

/** An error to answer instead of accepting: Meta's `error.code`, and the HTTP status. */
export interface FakeFailure {
  code: number;
  status?: number;
  /** How many requests answer it (default 1). */
  times?: number;
}

/**
 * The `X-Hub-Signature-256` header of a webhook body. Meta's Node SDK computes it
 * (src/utils.ts `generateXHub256Sig`: `crypto.createHmac('sha256', appSecret).update(body,
 * 'utf-8').digest('hex')`) and compares it with the header "Removing the prepended 'sha256='
 * string" (src/api/webhooks.ts) — so the header is `sha256=<hex>` of the raw body.
 */
export function signWhatsAppWebhook(body: string, appSecret: string): { 'x-hub-signature-256': string } {
  return {
    'x-hub-signature-256': `sha256=${createHmac('sha256', appSecret).update(body, 'utf8').digest('hex')}`,
  };
}

/** Meta's error body (SDK src/types/webhooks.ts `ErrorObject`: code, title, message, error_data.details). */
const graphError = (status: number, code: number, message: string) => ({
  status,
  body: {
    error: {
      message,
      type: 'OAuthException',
      code,
      error_data: { messaging_product: 'whatsapp', details: message },
    },
  },
});

/** Meta's "Service messages" page: the customer service window lasts 24 hours. */
const WINDOW_MS = 24 * 60 * 60_000;

type Json = Record<string, unknown>;

export interface FakeWhatsAppOptions {
  token?: string;
  phoneNumberId?: string;
  appSecret?: string;
  /** Where webhooks are posted (the product's `POST /api/whatsapp/webhook`). */
  webhookUrl?: string;
  /** The fake's clock (tests: the app's, so the 24-hour window moves with it). */
  clock?: () => Date;
  port?: number;
  host?: string;
  /** Prints each request it answers (the runner). */
  log?: (line: string) => void;
}

export async function startFakeWhatsApp(opts: FakeWhatsAppOptions = {}) {
  const token = opts.token ?? FAKE_WA_TOKEN;
  const phoneNumberId = opts.phoneNumberId ?? FAKE_WA_PHONE_NUMBER_ID;
  const appSecret = opts.appSecret ?? FAKE_WA_APP_SECRET;
  const clock = opts.clock ?? (() => new Date());
  const messages: FakeWhatsAppMessage[] = [];
  const failures: FakeFailure[] = [];
  /** When each number last wrote to the business (opens its 24-hour window). */
  const lastInbound = new Map<string, number>();
  let webhookUrl = opts.webhookUrl;

  function send(body: Json): { status: number; body: unknown } {
    // Meta's Node SDK builds every message as `{ messaging_product: 'whatsapp', recipient_type:
    // 'individual', to: toNumber, type: type, [type]: payload }` (src/api/messages.ts bodyBuilder).
    // A body without it is refused (400; code 100 is the fake's choice).
    if (body.messaging_product !== 'whatsapp')
      return graphError(400, 100, '(#100) Invalid parameter: messaging_product must be whatsapp');
    const to = String(body.to ?? '');
    // The SDK's `recipient`: "the recipient's phone number with country code" (website/docs/
    // api-reference/messages/template.md), a number it turns into digits (`recipient.toString()`).
    if (!/^\d{8,15}$/.test(to)) return graphError(400, 100, '(#100) Invalid parameter: to');
    const failure = failures[0];
    if (failure) {
      failure.times = (failure.times ?? 1) - 1;
      if (failure.times <= 0) failures.shift();
      // Meta's "Throughput" page: "If you attempt to send more messages than your current
      // throughput level allows, the API will return error code 130429 until you are within your
      // allowed level again." And of the pair rate: "If you attempt to send too many messages to the
      // same WhatsApp user number, you may encounter a pair rate limit error" (131056, as the issue
      // names it). The HTTP statuses (429 for 130429, else 400) are the fake's choice: the product
      // reads `error.code`.
      const status = failure.status ?? (failure.code === 130429 ? 429 : 400);
      return graphError(status, failure.code, `(#${failure.code}) erro simulado`);
    }
    const now = clock().getTime();
    const message: Omit<FakeWhatsAppMessage, 'wamid' | 'at'> | { error: { status: number; body: unknown } } =
      body.type === 'template' ? readTemplate(body.template as Json, to) : readText(body, to, now);
    if ('error' in message) return message.error;
    const wamid = `wamid.${randomBytes(24).toString('base64url')}`;
    messages.push({ ...message, wamid, at: new Date(now) });
    opts.log?.(
      `→ ${to}: ${message.template ?? 'texto'} ${JSON.stringify(message.params.length ? message.params : message.text)}`,
    );
    // The answer's shape: the SDK's `MessagesResponse` (src/types/messages.ts): `contacts: [{ input,
    // wa_id }]`, `messages: [{ id }]`, beside `messaging_product`.
    return {
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: to, wa_id: to }],
        messages: [{ id: wamid }],
      },
    };
  }

  function readTemplate(template: Json | undefined, to: string) {
    const name = String(template?.name ?? '');
    const registered = whatsappTemplates[name as keyof typeof whatsappTemplates];
    // Meta's "Service messages" page: "When the window closes, you can only send pre-approved
    // template messages." A name that was never registered is refused; the code (132001, "Template
    // does not exist") is the fake's choice — the stored pages do not quote the template errors.
    if (!registered)
      return { error: graphError(404, 132001, `(#132001) Template name does not exist: ${name}`) };
    // The language: the SDK's template example sends `"language": { "policy": "deterministic",
    // "code": "en_US" }` (website/docs/api-reference/messages/template.md) and lists `Portuguese_BR
    // = 'pt_BR'` (src/types/enums.ts); the templates are registered in pt_BR only, so any other
    // code names a translation that does not exist (132001 again).
    const language = String((template?.language as Json | undefined)?.code ?? '');
    if (language !== 'pt_BR')
      return { error: graphError(404, 132001, `(#132001) Template ${name} does not exist in ${language}`) };
    const components = (template?.components as Json[] | undefined) ?? [];
    const params = components
      .filter((c) => c.type === 'body')
      .flatMap((c) => (c.parameters as Json[]).map((p) => String(p.text ?? '')));
    // A body's parameters fill its {{1}}…{{n}} (SDK website/docs/api-reference/types/
    // ComponentsObject.md: "`parameters` … array of parameter objects with the content of the
    // message"); a count that is not the registered one is refused (code 132000, the fake's choice).
    if (params.length !== registered.params.length)
      return {
        error: graphError(
          400,
          132000,
          `(#132000) Number of parameters does not match the expected number of params (${params.length} ≠ ${registered.params.length})`,
        ),
      };
    // Quick replies: `{ "type": "button", "sub_type": "quick_reply", "index": "0", "parameters": [{
    // "type": "payload", "payload": "PAYLOAD" }] }`; "You can have up to 3 buttons using index
    // values of 0 to 2", and `quick_reply` "refers to a previously created quick reply button"
    // (ComponentsObject.md): a button the registered template does not have is refused (code 131008
    // is the fake's choice).
    const quickReplies: string[] = [];
    for (const c of components.filter((c) => c.type === 'button')) {
      const index = Number(c.index);
      const payload = (c.parameters as Json[] | undefined)?.[0]?.payload;
      if (
        c.sub_type !== 'quick_reply' ||
        !Number.isInteger(index) ||
        index < 0 ||
        index >= registered.buttons.length ||
        typeof payload !== 'string'
      )
        return { error: graphError(400, 131008, `(#131008) Invalid button component at index ${c.index}`) };
      quickReplies[index] = payload;
    }
    return { to, type: 'template' as const, template: name, language, params, quickReplies };
  }

  function readText(body: Json, to: string, now: number) {
    const text = String((body.text as Json | undefined)?.body ?? '');
    if (body.type !== 'text' || !text)
      return { error: graphError(400, 100, '(#100) Invalid parameter: type') };
    // Meta's "Service messages" page: "When a WhatsApp user messages you or calls you, a 24-hour
    // timer called a customer service window starts. If the user messages or calls you again before
    // the timer expires, the timer resets to 24 hours. … When the window closes, you can only send
    // pre-approved template messages." The code, 131047 ("Re-engagement message"), is as the brief
    // of this product names it; the stored Meta pages do not quote it.
    const inbound = lastInbound.get(to);
    if (inbound === undefined || now - inbound > WINDOW_MS)
      return {
        error: graphError(
          400,
          131047,
          '(#131047) Re-engagement message: more than 24 hours have passed since the recipient last replied',
        ),
      };
    return { to, type: 'text' as const, params: [], quickReplies: [], text };
  }

  /**
   * A webhook as Meta posts it: `{ object: 'whatsapp_business_account', entry: [{ id, changes: [{
   * field: 'messages', value: { messaging_product, metadata, contacts, messages | statuses } }] }]
   * }` (SDK src/types/webhooks.ts `WebhookObject`, `ValueObject`).
   */
  function envelope(value: Json): string {
    return JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '100000000000001',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: FAKE_WA_BUSINESS_NUMBER, phone_number_id: phoneNumberId },
                ...value,
              },
            },
          ],
        },
      ],
    });
  }

  const seconds = () => String(Math.floor(clock().getTime() / 1000));

  /** Posts a signed webhook body to the app; answers the app's status. */
  async function post(body: string, signature = signWhatsAppWebhook(body, appSecret)) {
    if (!webhookUrl) throw new Error('fake do WhatsApp sem webhookUrl');
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signature },
      body,
    });
    opts.log?.(`webhook → ${webhookUrl}: ${res.status}`);
    return { status: res.status, body: await res.text() };
  }

  /** An inbound message from `from`: it opens (or renews) that number's 24-hour window. */
  function inbound(from: string, message: Json): string {
    lastInbound.set(from, clock().getTime());
    return envelope({
      contacts: [{ profile: { name: 'Cliente' }, wa_id: from }],
      messages: [
        { from, id: `wamid.${randomBytes(24).toString('base64url')}`, timestamp: seconds(), ...message },
      ],
    });
  }

  const webhooks = {
    /**
     * A tap on a quick reply of `wamid` (SDK `MessagesObject`: `button: { payload, text }`, and
     * `context` naming the message replied to).
     */
    buttonBody(from: string, payload: string, text: string, wamid?: string): string {
      return inbound(from, {
        type: 'button',
        button: { payload, text },
        ...(wamid ? { context: { from: FAKE_WA_BUSINESS_NUMBER, id: wamid } } : {}),
      });
    },
    textBody(from: string, text: string): string {
      return inbound(from, { type: 'text', text: { body: text } });
    },
    /**
     * A status of a sent message (SDK `StatusesObject`: `id`, `status`, `timestamp`,
     * `recipient_id`, `errors`).
     */
    statusBody(wamid: string, status: 'sent' | 'delivered' | 'read' | 'failed', code?: number): string {
      const to = messages.find((m) => m.wamid === wamid)?.to ?? '';
      return envelope({
        statuses: [
          {
            id: wamid,
            status,
            timestamp: seconds(),
            recipient_id: to,
            ...(status === 'failed'
              ? {
                  errors: [
                    {
                      code: code ?? 131026,
                      title: 'Message undeliverable',
                      message: 'Message undeliverable',
                    },
                  ],
                }
              : {}),
          },
        ],
      });
    },
  };

  /** Taps the quick reply `index` of the message `wamid`, as its recipient (or as `from`). */
  function tap(wamid: string, index: number, from?: string) {
    const m = messages.find((x) => x.wamid === wamid);
    if (!m?.template) throw new Error(`mensagem ${wamid} sem botões`);
    const registered = whatsappTemplates[m.template as keyof typeof whatsappTemplates];
    return post(
      webhooks.buttonBody(from ?? m.to, m.quickReplies[index] ?? '', registered.buttons[index] ?? '', wamid),
    );
  }

  async function readJson(req: IncomingMessage): Promise<Json> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    try {
      return raw ? (JSON.parse(raw) as Json) : {};
    } catch {
      return {};
    }
  }

  const reply = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  /** The runner's own controls, under /__fake/ (not Meta's API). */
  async function control(path: string, body: Json): Promise<{ status: number; body: unknown } | undefined> {
    if (path === '/__fake/messages') return { status: 200, body: messages };
    if (path === '/__fake/fail') {
      failures.push({
        code: Number(body.code),
        status: body.status as number | undefined,
        times: Number(body.times ?? 1),
      });
      return { status: 200, body: { ok: true } };
    }
    if (path === '/__fake/tap') {
      const wamid = String(body.wamid ?? messages.at(-1)?.wamid ?? '');
      return {
        status: 200,
        body: await tap(wamid, Number(body.index ?? 0), body.from as string | undefined),
      };
    }
    if (path === '/__fake/text')
      return { status: 200, body: await post(webhooks.textBody(String(body.from), String(body.text))) };
    if (path === '/__fake/status')
      return {
        status: 200,
        body: await post(
          webhooks.statusBody(String(body.wamid), body.status as 'delivered', body.code as number),
        ),
      };
    return undefined;
  }

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = req.method === 'POST' ? await readJson(req) : {};
      if (url.pathname.startsWith('/__fake/')) {
        const answer = await control(url.pathname, body);
        return answer ? reply(res, answer.status, answer.body) : reply(res, 404, { error: 'não encontrado' });
      }
      if (req.method !== 'POST' || url.pathname !== `/${VERSION}/${phoneNumberId}/messages`)
        return reply(res, 404, graphError(404, 100, 'Unknown path').body);
      // The bearer token: the SDK sends `'Authorization': \`Bearer ${this.accessToken}\``
      // (src/requester.ts). A missing or other token is refused (401; code 190 is the fake's choice).
      if (req.headers.authorization !== `Bearer ${token}`)
        return reply(res, 401, graphError(401, 190, 'Invalid OAuth access token').body);
      const answer = send(body);
      if (answer.status !== 200) opts.log?.(`✗ ${String(body.to)}: ${JSON.stringify(answer.body)}`);
      return reply(res, answer.status, answer.body);
    } catch (err) {
      reply(res, 500, { error: { message: String(err), code: 1 } });
    }
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const host = opts.host ?? '127.0.0.1';

  return {
    /** The API root with its version: WHATSAPP_API_URL. */
    url: `http://${host}:${port}/${VERSION}`,
    /** The runner's controls' root. */
    controlUrl: `http://${host}:${port}/__fake`,
    messages,
    /** The next `times` requests answer Meta's error `code` (130429, 131056, 131026 …). */
    failNext(failure: FakeFailure) {
      failures.push({ ...failure });
    },
    /** Records that `from` wrote to the business at `at` (its window opens), without a webhook. */
    wroteAt(from: string, at: Date = clock()) {
      lastInbound.set(from, at.getTime());
    },
    setWebhookUrl(url: string) {
      webhookUrl = url;
    },
    webhooks,
    post,
    tap,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeWhatsApp = Awaited<ReturnType<typeof startFakeWhatsApp>>;
