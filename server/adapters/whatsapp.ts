/**
 * WhatsApp through Meta's Cloud API (DESIGN §10, "WhatsApp"): `POST
 * {WHATSAPP_API_URL}/{WHATSAPP_PHONE_NUMBER_ID}/messages` with the bearer token, `messaging_product:
 * "whatsapp"` and `to` in international digits. Outside the 24-hour window only a registered
 * template goes (`language.code: "pt_BR"`, body parameters, quick-reply buttons); inside it a
 * free-form text. The answer's `messages[0].id` is the wamid the status webhooks name.
 *
 * The outbox (features/mail) sends through this and decides on retries from the error's kind:
 * Meta's throughput (130429) and pair rate (131056) limits, 5xx and the network are tried again
 * later; every other error is final and the message falls back to mail.
 */

/** A template message: its registered name, the body's {{1}}… values, and its buttons' payloads. */
export interface WhatsAppTemplateMessage {
  type: 'template';
  to: string;
  template: string;
  params: string[];
  /** One payload per quick-reply button, in the template's order. */
  quickReplies?: string[];
}

/** A free-form text, valid only within 24 hours of the person's last message. */
export interface WhatsAppTextMessage {
  type: 'text';
  to: string;
  text: string;
}

export type WhatsAppMessage = WhatsAppTemplateMessage | WhatsAppTextMessage;

/** What the outbox does with a failed send: `retry` later (limits, 5xx, network) or `permanent`. */
export type WhatsAppErrorKind = 'retry' | 'permanent';

export class WhatsAppError extends Error {
  constructor(
    message: string,
    readonly kind: WhatsAppErrorKind,
    /** Meta's `error.code` (130429, 131056, 131047 …), when the API answered one. */
    readonly code?: number,
  ) {
    super(message);
    this.name = 'WhatsAppError';
  }
}

/** Meta's rate limits: the message is fine, the moment is not (throughput, pair rate). */
export const THROUGHPUT_LIMIT = 130429;
export const PAIR_RATE_LIMIT = 131056;
const RETRIED_CODES = new Set([THROUGHPUT_LIMIT, PAIR_RATE_LIMIT]);

/** What the features see as `s.whatsapp` (undefined when WhatsApp is off). */
export interface WhatsAppSender {
  /** Sends one message; answers its wamid, or throws a WhatsAppError. */
  send(message: WhatsAppMessage): Promise<string>;
}

export interface WhatsAppOptions {
  token: string;
  phoneNumberId: string;
  /** Default https://graph.facebook.com/v21.0; a test double elsewhere. */
  apiUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The request body Meta documents for each kind of message. */
export function messageBody(message: WhatsAppMessage): Record<string, unknown> {
  const common = { messaging_product: 'whatsapp', recipient_type: 'individual', to: message.to };
  if (message.type === 'text')
    return { ...common, type: 'text', text: { preview_url: true, body: message.text } };
  const components: Record<string, unknown>[] = [];
  if (message.params.length)
    components.push({
      type: 'body',
      parameters: message.params.map((text) => ({ type: 'text', text })),
    });
  (message.quickReplies ?? []).forEach((payload, index) => {
    components.push({
      type: 'button',
      sub_type: 'quick_reply',
      index: String(index),
      parameters: [{ type: 'payload', payload }],
    });
  });
  return {
    ...common,
    type: 'template',
    template: { name: message.template, language: { code: 'pt_BR' }, components },
  };
}

interface GraphAnswer {
  messages?: { id?: string }[];
  error?: { code?: number; message?: string; error_data?: { details?: string } };
}

export function createWhatsAppSender(options: WhatsAppOptions): WhatsAppSender {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.apiUrl.replace(/\/+$/, '')}/${options.phoneNumberId}/messages`;
  return {
    async send(message) {
      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(messageBody(message)),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (err) {
        throw new WhatsAppError(`WhatsApp inacessível: ${(err as Error).message}`, 'retry');
      }
      const answer = (await res.json().catch(() => ({}))) as GraphAnswer;
      const wamid = answer.messages?.[0]?.id;
      if (res.ok && wamid) return wamid;
      const code = answer.error?.code;
      const detail = answer.error?.error_data?.details ?? answer.error?.message ?? res.statusText;
      const kind: WhatsAppErrorKind =
        res.status >= 500 || (code !== undefined && RETRIED_CODES.has(code)) ? 'retry' : 'permanent';
      throw new WhatsAppError(
        `WhatsApp ${res.status}${code ? ` (${code})` : ''}: ${detail || 'resposta sem wamid'}`,
        kind,
        code,
      );
    },
  };
}
