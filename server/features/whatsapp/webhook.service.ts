/**
 * What WhatsApp tells the product (DESIGN §10, "WhatsApp"), as Meta's Cloud API documents its
 * webhooks. Each POST is signed: `X-Hub-Signature-256: sha256=<hex>`, the HMAC-SHA256 of the raw
 * body with the app secret ("Create a webhook endpoint", developers.facebook.com/documentation/
 * business-messaging/whatsapp/webhooks/create-webhook-endpoint; Meta's Node SDK computes it the
 * same way, generateXHub256Sig in src/utils.ts). The news is in `entry[].changes[].value`
 * (SDK src/types/webhooks.ts, WebhookObject):
 * - `statuses[]` — `{ id: wamid, status, timestamp }` of a message the product sent: kept on its
 *   outbox row (a `failed` one falls back to mail);
 * - `messages[]` — `{ from, id: wamid, timestamp, type }` a person sent: kept once by its wamid
 *   (Meta may deliver a webhook again), then
 *   - a tap on a template's quick-reply button, `type: "button"` with `button.payload` ("Button
 *     messages webhook reference": "A WhatsApp user taps a quick-reply button in a template
 *     message", …/webhooks/reference/messages/button/), or on an interactive reply button,
 *     `type: "interactive"` with `interactive.button_reply.id` ("Interactive reply buttons
 *     messages", …/messages/interactive-reply-buttons-messages): the booking's action, for that
 *     booking's customer only;
 *   - a text "PARAR" or "SAIR": the number's notices end.
 * Anything else well signed is read and ignored. Answers in the chat are free-form texts, inside
 * the 24-hour window the person's own message opened.
 */
import { createHmac } from 'node:crypto';
import type { CustomerBookingCancel } from '#common/contracts/booking';
import { AppError } from '#common/errors';
import { formatBrl } from '#common/money';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { type DeliveryStatus, deliveryStatuses } from '../../db/schema.ts';
import { safeEqual } from '../../lib/crypto.ts';
import type { UserRow } from '../auth/user.repository.ts';
import { recordDeliveryStatus } from '../mail/whatsapp.outbox.ts';
import { parseQuickReply } from '../notifications/whatsapp.templates.ts';
import * as repo from './whatsapp.repository.ts';

/** Cancels a booking as its customer on the web would (bookings/customer-booking.cancel.ts). */
export type CancelBooking = (user: UserRow, bookingUuid: string) => Promise<CustomerBookingCancel>;

export interface WebhookDeps {
  db: Database['db'];
  clock: () => Date;
  publicUrl: Config['publicUrl'];
  /** Writes the chat's answer to the outbox (a WhatsApp text row). */
  reply: (phone: string, text: string) => Promise<void>;
  cancelBooking: CancelBooking;
}

/** The signature Meta sent is the HMAC-SHA256 of exactly these bytes with the app secret. */
export function validSignature(rawBody: string, header: string | undefined, appSecret: string): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex');
  return safeEqual(header.slice('sha256='.length), expected);
}

/** A text that asks the notices to stop: "PARAR" or "SAIR", whatever the case, accents and dots. */
export const asksToStop = (text: string) =>
  ['PARAR', 'SAIR'].includes(
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z]/g, '')
      .toUpperCase(),
  );

type Json = Record<string, unknown>;
const object = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.map(object) : []);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** The `value` of every change of every entry. */
const valuesOf = (body: unknown) =>
  list(object(body).entry).flatMap((e) => list(e.changes).map((c) => object(c.value)));

/** The quick reply's payload of a button tap (template or interactive), if the message is one. */
function tappedPayload(message: Json): string | undefined {
  if (message.type === 'button') return text(object(message.button).payload);
  if (message.type === 'interactive') return text(object(object(message.interactive).button_reply).id);
  return undefined;
}

const bookingLink = (d: WebhookDeps, uuid: string) => `${d.publicUrl}/especialista/agendamentos/${uuid}`;

/** The chat's answer to a cancel: what went and what comes back, or why nothing went. */
async function cancelFromChat(d: WebhookDeps, customer: UserRow, bookingId: number, uuid: string) {
  const place = await repo.bookingPlace(d.db, bookingId);
  const where = `${place.room}, ${place.clinic}`;
  try {
    const result = await d.cancelBooking(customer, uuid);
    const hours = result.canceled === 1 ? '1 horário' : `${result.canceled} horários`;
    const money =
      place.status === 'pending_payment'
        ? 'Nada foi cobrado.'
        : result.refund_cents > 0
          ? `Reembolso de ${formatBrl(result.refund_cents)}, pelo mesmo meio do pagamento.`
          : 'Sem reembolso: o cancelamento foi a menos de 24 h do horário.';
    return `Reserva cancelada em ${where}: ${hours}. ${money} Detalhes: ${bookingLink(d, uuid)}`;
  } catch (err) {
    if (!(err instanceof AppError) || err.code === 'internal') throw err;
    return `Não foi possível cancelar sua reserva em ${where}: ${err.message} Detalhes: ${bookingLink(d, uuid)}`;
  }
}

/** One message a person sent, kept already: what it asks, done, and the chat's answer. */
async function actOn(d: WebhookDeps, from: string, message: Json): Promise<void> {
  const people = await repo.peopleWithNumber(d.db, from);
  if (people.length === 0) return; // not a number that consented: nothing, no answer either
  const payload = tappedPayload(message);
  if (payload) {
    const tap = parseQuickReply(payload);
    const booking = tap && (await repo.bookingOfOneOf(d.db, tap.bookingUuid, people));
    if (!tap || !booking) return;
    const answer =
      tap.action === 'cancel'
        ? await cancelFromChat(d, booking.customer, booking.bookingId, tap.bookingUuid)
        : `Sua reserva: ${bookingLink(d, tap.bookingUuid)}`;
    await d.reply(from, answer);
    return;
  }
  const said = message.type === 'text' ? text(object(message.text).body) : undefined;
  if (said && asksToStop(said)) {
    const now = d.clock();
    for (const person of people) await repo.setConsent(d.db, person.id, null, now);
    await d.reply(
      from,
      `Pronto: você não recebe mais avisos do Salas pelo WhatsApp; os e-mails continuam. Para voltar, ligue os avisos no seu perfil: ${d.publicUrl}`,
    );
  }
}

/** Applies a well-signed webhook body (already parsed); what the product does not know is ignored. */
export async function applyWebhook(d: WebhookDeps, body: unknown): Promise<void> {
  for (const value of valuesOf(body)) {
    for (const status of list(value.statuses)) {
      const wamid = text(status.id);
      const kind = deliveryStatuses.find((s) => s === status.status) as DeliveryStatus | undefined;
      const seconds = Number(status.timestamp);
      if (wamid && kind)
        await recordDeliveryStatus(
          d.db,
          wamid,
          kind,
          Number.isFinite(seconds) ? new Date(seconds * 1000) : d.clock(),
        );
    }
    for (const message of list(value.messages)) {
      const wamid = text(message.id);
      const from = text(message.from);
      if (!wamid || !from) continue;
      if (!(await repo.keepInbound(d.db, { wamid, from, payload: message }, d.clock()))) continue;
      try {
        await actOn(d, from, message);
      } catch (err) {
        // Not acted on: Meta delivers the webhook again, and that delivery acts.
        await repo.releaseInbound(d.db, wamid);
        throw err;
      }
    }
  }
}
