/**
 * Telling (STYLE 17, DESIGN §8): a move's events are written as rows in its own transaction, and
 * in that same transaction each becomes the messages notifications.ts decides — one outbox row per
 * message and channel, pointing at its event. They go out only if the move commits; the outbox
 * sends them after (features/mail), with its lease and retries.
 */
import type { Executor } from '../../db/client.ts';
import type { MessageChannel } from '../../db/schema.ts';
import { take } from '../security/throttle.service.ts';
import type { EventOf, NotificationEvent } from './events.ts';
import { insertEvent } from './notifications.repository.ts';
import { channelsFor, type Message, messagesFor, type NotifyDeps } from './notifications.ts';
import {
  type BOOKING_BUTTONS,
  quickReplyPayload,
  templateText,
  whatsappTemplates,
} from './whatsapp.templates.ts';

/** Each quick-reply button of the booking templates, as the action its payload names. */
const buttonActions = { 'Cancelar reserva': 'cancel', 'Ver detalhes': 'details' } as const satisfies Record<
  (typeof BOOKING_BUTTONS)[number],
  'cancel' | 'details'
>;

/** What became of one event: the outbox rows written, and whether an allowance held one back. */
export interface Told {
  eventId: number;
  written: number;
  limited: boolean;
}

/** Writes one message on one channel; answers how many outbox rows it took. */
const writers: Record<
  MessageChannel,
  (deps: NotifyDeps, db: Executor, message: Message, eventId: number) => Promise<number>
> = {
  async email(deps, db, message, eventId) {
    for (const mail of message.email) await deps.mailer.send({ to: message.to.email, ...mail, eventId }, db);
    return message.email.length;
  },
  async whatsapp(deps, db, message, eventId) {
    const phone = message.to.whatsapp;
    const notes = message.whatsapp ?? [];
    if (!phone) return 0;
    for (const note of notes) {
      const buttons: readonly string[] = whatsappTemplates[note.template].buttons;
      const quickReplies =
        note.bookingUuid && buttons.length
          ? buttons.map((b) =>
              quickReplyPayload(buttonActions[b as keyof typeof buttonActions], note.bookingUuid!),
            )
          : undefined;
      await deps.mailer.sendWhatsApp(
        {
          to: phone,
          summary: templateText(note.template, note.params),
          template: { name: note.template, params: note.params, ...(quickReplies ? { quickReplies } : {}) },
          ...(note.fallback ? { fallback: { to: message.to.email, ...note.fallback } } : {}),
          eventId,
        },
        db,
      );
    }
    return notes.length;
  },
};

/**
 * Records `events` with `db` (the move's transaction) and writes the messages each makes. The
 * caller kicks the outbox after its commit (`deps.mailer.kick()`).
 */
export async function notify(
  deps: NotifyDeps,
  db: Executor,
  events: readonly NotificationEvent[],
): Promise<Told[]> {
  const told: Told[] = [];
  for (const event of events) {
    const { kind, ...payload } = event;
    const eventId = await insertEvent(db, kind, payload, deps.clock());
    let written = 0;
    let limited = false;
    for (const message of await messagesFor(deps, db, event)) {
      const { allowance } = message;
      if (allowance && !(await take(db, allowance.rules, allowance.subject, deps.clock()))) {
        limited = true;
        continue;
      }
      for (const channel of channelsFor(deps, message.to))
        written += await writers[channel](deps, db, message, eventId);
    }
    told.push({ eventId, written, limited });
  }
  return told;
}

/** Tells the customer which hours of a booking were canceled, by whom, and what comes back. */
export async function sendBookingCanceled(
  deps: NotifyDeps,
  input: Omit<EventOf<'hours_canceled'>, 'kind'>,
  db: Executor = deps.db,
): Promise<void> {
  await notify(deps, db, [{ kind: 'hours_canceled', ...input }]);
}

/** Tells the customer that a payment came after the booking ended and goes back whole. */
export async function sendPixLateRefunded(
  deps: NotifyDeps,
  bookingId: number,
  db: Executor = deps.db,
): Promise<void> {
  await notify(deps, db, [{ kind: 'late_payment_refunded', bookingId }]);
}

/**
 * Writes a free-form WhatsApp text to `phone` (international digits) with `db`, as an outbox row of
 * its own (no event): the answer to a person's message, valid only within 24 hours of their last
 * one (Meta's customer service window). The caller kicks the outbox after its commit.
 */
export async function queueWhatsAppText(
  deps: Pick<NotifyDeps, 'mailer'>,
  db: Executor,
  message: { phone: string; text: string },
): Promise<void> {
  await deps.mailer.sendWhatsApp({ to: message.phone, summary: message.text, text: message.text }, db);
}
