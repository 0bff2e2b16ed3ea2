/**
 * Booking one or many slots of a room (DESIGN §4–§5): every slot or none, under the room's rules
 * (decision 0023). The database refuses a hold that overlaps another booking's time or buffer
 * (exclusion constraint appointments_room_time_excl); the checks here only give a better message.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { type Booking, type bookingBody, bookingMessages, CARD_DECLINED } from '#common/contracts/booking';
import { supplyMessages } from '#common/contracts/supply';
import {
  type BookingRules,
  bufferAfter,
  durationLabel,
  minimumStretch,
  ruleMessages,
  shortStretches,
} from '#common/domain/booking-rules';
import { AppError } from '#common/errors';
import { hourPriceCents, MIN_HOUR_PRICE_CENTS, slotPriceCents } from '#common/money';
import { toZonedIso, zonedDate } from '#common/time/zone';
import { appointments, bookings, clinics, payments, rooms } from '../../db/schema.ts';
import { qrDataUrl } from '../../lib/qr.ts';
import type { Services } from '../../services.ts';
import { holdActivePerson, type UserRow } from '../auth/user.repository.ts';
import { roomAvailability } from '../availability/availability.service.ts';
import { bookableRoomCondition } from '../availability/bookable-room.ts';
import { chargeStarting } from '../lifecycle/charge.lifecycle.ts';
import { insertHold, isSlotConflict } from '../lifecycle/lifecycle.repository.ts';
import { cardDeclined, chargeOpened, paymentCaptured } from '../lifecycle/lifecycle.service.ts';
import { payerOf } from '../lifecycle/payer.ts';
import { splitFor } from '../payment-accounts/payment-account.service.ts';
import { assertMayBook, assertPixLimits, recordRefusedCard } from './booking-policy.ts';
import type { CardRow } from './card.repository.ts';
import { ownedCard, removeCard } from './card.service.ts';

export const PIX_HOLD_MINUTES = 15;

export const failed = (reason: string, field = 'date_times', code: 'conflict' | 'validation' = 'conflict') =>
  new AppError(code, bookingMessages.failed, { errors: { [field]: [reason] } });

export async function bookableRoom(s: Services, uuid: string) {
  const [row] = await s.db
    .select({ room: rooms, clinic: clinics })
    .from(rooms)
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(and(eq(rooms.uuid, uuid), bookableRoomCondition()))
    .limit(1);
  if (!row) throw new AppError('not_found', supplyMessages.notFound);
  // A price saved before the floor (decision 0030) would make charges the providers refuse.
  if (hourPriceCents(row.room.pricePerMinute) < MIN_HOUR_PRICE_CENTS)
    throw new AppError('conflict', bookingMessages.priceBelowMinimum);
  return row;
}

export async function createBooking(
  s: Services,
  user: UserRow,
  body: z.output<typeof bookingBody>,
): Promise<Booking> {
  const card = body.payment_method === 'card' ? await chosenCard(s, user, body.card_uuid) : undefined;
  try {
    return await bookAndPay(s, user, body, card);
  } finally {
    // "Salvar este cartão" left unchecked: the card served this attempt only, whatever its outcome
    // (decision 0037). Nothing later needs it: refunds and a review's outcome follow the payment.
    if (card && body.save_card === false) await removeCard(s, user, card.uuid).catch(() => undefined);
  }
}

async function bookAndPay(
  s: Services,
  user: UserRow,
  body: z.output<typeof bookingBody>,
  card: CardRow | undefined,
): Promise<Booking> {
  const { room, clinic } = await bookableRoom(s, body.room_uuid);
  const starts = [...new Set(body.date_times.map((d) => new Date(d).getTime()))].sort((a, b) => a - b);
  await assertMayBook(s, user, { method: body.payment_method, starts });
  const maxInstallments = s.config.installments.max;
  if ((body.installments ?? 1) > maxInstallments) {
    const message =
      maxInstallments === 1 ? 'Pagamento só à vista.' : `No máximo ${maxInstallments} parcelas.`;
    throw new AppError('validation', message, { errors: { installments: [message] } });
  }

  // Every requested start must be an available slot of the room under its rules, in the clinic's zone.
  const dates = [...new Set(starts.map((t) => zonedDate(new Date(t), clinic.timezone)))];
  const { rules, days } = await roomAvailability(s, room.uuid, dates);
  assertFollowsRules(starts, rules, s.clock());
  const free = new Set(
    days.flatMap((d) => d.slots.filter((x) => x.available).map((x) => new Date(x.date_time).getTime())),
  );
  const missing = starts.filter((t) => !free.has(t));
  if (missing.length) {
    throw failed(
      `${bookingMessages.slotTaken} ${missing.map((t) => toZonedIso(new Date(t), clinic.timezone).slice(0, 16).replace('T', ' ')).join(', ')}`,
    );
  }

  const slotMs = rules.slot_minutes * 60_000;
  const buffer = bufferAfter(starts, rules);
  const price = slotPriceCents(room.pricePerMinute, rules.slot_minutes);
  const amount = price * starts.length;
  const now = s.clock();
  // A card is charged at once, but its hold also ends: a process that dies mid-charge leaves no slot
  // held forever (the capture, if it happened, then arrives late and is refunded).
  const holdExpiresAt = new Date(now.getTime() + PIX_HOLD_MINUTES * 60_000);

  let created: { bookingId: number; bookingUuid: string; paymentId: number; paymentUuid: string };
  try {
    created = await s.db.transaction(async (tx) => {
      // One person's Pix bookings one after another: the limits hold when they arrive together.
      await holdActivePerson(tx, user.id, body.payment_method === 'pix' ? 'update' : 'share');
      if (body.payment_method === 'pix') await assertPixLimits(tx, user, starts, now);
      const held = await insertHold(tx, {
        customerId: user.id,
        roomId: room.id,
        method: body.payment_method,
        provider: s.payments.name,
        cardId: card?.id,
        holdExpiresAt,
        starts,
        slotMs,
        priceCents: price,
        buffer,
        now,
      });
      return held;
    });
  } catch (err) {
    if (isSlotConflict(err)) throw failed(bookingMessages.slotTaken);
    throw err;
  }

  await chargeNewBooking(s, user, {
    ...created,
    amount,
    method: body.payment_method,
    card,
    cardToken: body.card_token ?? undefined,
    installments: body.installments ?? 1,
    holdExpiresAt,
    description: `${room.name} — ${clinic.name} (${durationLabel(starts.length * rules.slot_minutes)})`,
  });
  return getBooking(s, created.bookingId, clinic.timezone);
}

/**
 * 422 with the room's own words when the starts break its rules: off its grid, sooner than its
 * notice, further than its horizon, or a stretch shorter than its minimum (decision 0023).
 */
export function assertFollowsRules(starts: number[], rules: BookingRules, now: Date): void {
  const refuse = (message: string) => {
    throw failed(message, 'date_times', 'validation');
  };
  if (starts.some((t) => (t / 60_000) % rules.slot_minutes !== 0))
    refuse(ruleMessages.offGrid(rules.slot_minutes));
  if (
    rules.min_notice_minutes > 0 &&
    starts.some((t) => t <= now.getTime() + rules.min_notice_minutes * 60_000)
  )
    refuse(ruleMessages.tooSoon(rules.min_notice_minutes));
  if (starts.some((t) => t > now.getTime() + rules.max_days_ahead * 86_400_000))
    refuse(ruleMessages.tooFar(rules.max_days_ahead));
  if (shortStretches(starts, rules).length > 0) refuse(ruleMessages.tooShort(minimumStretch(rules)));
}

export interface NewCharge {
  bookingId: number;
  paymentUuid: string;
  amount: number;
  method: 'card' | 'pix';
  card?: { id: number; providerToken: string };
  cardToken?: string;
  installments: number;
  holdExpiresAt: Date;
  description: string;
  /** The provider call's key when one payment may be attempted more than once (default: its uuid). */
  idempotencyKey?: string;
  /** A declined card undoes this instead of the one booking (a series goes whole). */
  onDeclined?: () => Promise<void>;
}

/**
 * Pays a booking just written: charges the card (confirmed at once, or left to the provider's
 * webhook while in review) or opens its Pix. A declined card takes the booking back and answers 422.
 */
export async function chargeNewBooking(s: Services, user: UserRow, c: NewCharge): Promise<void> {
  const payer = await payerOf(s, user);
  // A connected partner's room is charged on the partner's own account (split 1:1, DESIGN §9).
  const split = await splitFor(s, c.bookingId, c.amount, c.method);
  // The attempt is written and committed before the provider is asked (DESIGN §10): should this
  // process die between the provider's capture and our write of its answer, the reconciliation job
  // finds the payment (an attempt, no reference), looks the charge up at the provider by our
  // reference (the payment's uuid) and attaches it, confirming the hours, or refunds it.
  if (!(await chargeStarting(s, c.bookingId))) throw failed(bookingMessages.canceledWhilePaying);
  if (c.method === 'card' && c.card) {
    // Should the provider not answer, the hold stays until it expires; a capture that happened
    // anyway is found by the same job (or arrives by webhook) and is confirmed or refunded by the
    // lifecycle. The attempt's idempotency key (the payment's uuid, or uuid and attempt number)
    // makes a retried call of it never charge twice.
    const charge = await s.payments.chargeCard({
      token: c.card.providerToken,
      cardToken: c.cardToken,
      amountCents: c.amount,
      reference: c.paymentUuid,
      idempotencyKey: c.idempotencyKey ?? c.paymentUuid,
      installments: c.installments,
      payer,
      description: c.description,
      split,
    });
    if (charge.status === 'rejected') {
      await (c.onDeclined ? c.onDeclined() : cardDeclined(s, c.bookingId));
      await recordRefusedCard(s, user);
      // `code` lets the screen say the bank declined it and offer Pix (decision 0037).
      const reason = charge.reason ?? bookingMessages.declined;
      throw new AppError('validation', bookingMessages.failed, {
        errors: { card_uuid: [reason] },
        extra: { code: CARD_DECLINED },
      });
    }
    if (charge.status === 'pending') {
      // In review with the issuer: the hours stay held and the provider's webhook settles it.
      await chargeOpened(s, c.bookingId, { providerRef: charge.providerRef });
    } else {
      const outcome = await paymentCaptured(s, c.bookingId, { providerRef: charge.providerRef });
      if (outcome !== 'confirmed') throw failed(bookingMessages.canceledWhilePaying);
    }
    return;
  }
  const pix = await s.payments.createPix({
    amountCents: c.amount,
    reference: c.paymentUuid,
    idempotencyKey: c.idempotencyKey ?? c.paymentUuid,
    expiresAt: c.holdExpiresAt,
    payer,
    description: c.description,
    split,
  });
  await chargeOpened(s, c.bookingId, {
    providerRef: pix.providerRef,
    pixCopyPaste: pix.copyPaste,
    pixExpiresAt: c.holdExpiresAt,
  });
}

export async function chosenCard(s: Services, user: UserRow, uuid: string | null | undefined) {
  if (uuid) return ownedCard(s, user, uuid);
  throw failed('Escolha um cartão salvo ou cadastre um novo.', 'card_uuid', 'validation');
}

export async function getBooking(s: Services, bookingId: number, timezone: string): Promise<Booking> {
  const [booking] = await s.db.select().from(bookings).where(eq(bookings.id, bookingId));
  const items = await s.db
    .select()
    .from(appointments)
    .where(inArray(appointments.bookingId, [bookingId]))
    .orderBy(appointments.startsAt);
  const [payment] = await s.db.select().from(payments).where(eq(payments.bookingId, bookingId));
  return {
    uuid: booking!.uuid,
    status: booking!.status,
    amount_cents: booking!.amountCents,
    appointments: items.map((a) => ({
      uuid: a.uuid,
      date_time: toZonedIso(a.startsAt, timezone),
      status: a.status,
    })),
    payment: {
      uuid: payment!.uuid,
      method: payment!.method,
      status: payment!.status,
      ...(payment!.method === 'pix' && payment!.pixCopyPaste && payment!.pixExpiresAt
        ? {
            pix: {
              copy_paste: payment!.pixCopyPaste,
              qr_code: await qrDataUrl(payment!.pixCopyPaste),
              expires_at: toZonedIso(payment!.pixExpiresAt, timezone),
            },
          }
        : {}),
    },
  };
}
