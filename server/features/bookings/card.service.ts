/** Saved cards (SPEC §7 Cards): tokenised by the provider; the number is never stored or logged. */
import { and, asc, eq } from 'drizzle-orm';
import { bookingMessages, type Card, type CardSaveBody } from '#common/contracts/booking';
import { supplyMessages } from '#common/contracts/supply';
import { AppError } from '#common/errors';
import type { CardToSave } from '../../adapters/payments.ts';
import { cards } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import type { UserRow } from '../auth/user.repository.ts';
import { payerOf } from '../lifecycle/payer.ts';
import { assertCardAttemptsLeft, recordRefusedCard } from './booking-policy.ts';
import { type CardRow, cardsOf } from './card.repository.ts';

/** Mercado Pago keeps `customer:card`; the browser needs the card part for the CVV token. */
const providerCardId = (token: string) =>
  token.startsWith('tok_sandbox_') ? null : (token.split(':')[1] ?? null);

const toCard = (c: CardRow): Card => ({
  uuid: c.uuid,
  provider_card_id: providerCardId(c.providerToken),
  brand: c.brand,
  last4: c.last4,
  exp_month: c.expMonth,
  exp_year: c.expYear,
  holder_name: c.holderName,
  is_default: c.isDefault,
});
const notFound = () => new AppError('not_found', supplyMessages.notFound);

export async function listCards(s: Services, user: UserRow): Promise<Card[]> {
  return (await cardsOf(s.db, user.id)).map(toCard);
}

/**
 * Saves a card the provider verified (DESIGN §8). A declined card is not stored: it counts as a
 * refused attempt and answers 422 with the SPEC's card message; past the hourly limit, 429 before
 * the provider is asked again.
 */
export async function addCard(s: Services, user: UserRow, body: CardSaveBody): Promise<Card> {
  await assertCardAttemptsLeft(s, user);
  const toSave: CardToSave =
    'card_token' in body
      ? { kind: 'token', token: body.card_token, paymentMethodId: body.payment_method_id ?? undefined }
      : { kind: 'fields', card: body };
  const saved = await s.payments.saveCard(toSave, await payerOf(s, user));
  if (!saved.approved) {
    await recordRefusedCard(s, user);
    throw new AppError('validation', bookingMessages.cardCheck, {
      errors: {
        [toSave.kind === 'token' ? 'card_token' : 'number']: [saved.reason || bookingMessages.cardCheck],
      },
    });
  }
  const hasDefault = (await listCards(s, user)).some((c) => c.is_default);
  const [row] = await s.db
    .insert(cards)
    .values({
      userId: user.id,
      providerToken: saved.card.token,
      brand: saved.card.brand,
      last4: saved.card.last4,
      expMonth: saved.card.expMonth,
      expYear: saved.card.expYear,
      holderName: saved.card.holderName.toUpperCase(),
      isDefault: !hasDefault,
    })
    .returning();
  return toCard(row!);
}

export async function ownedCard(s: Services, user: UserRow, uuid: string): Promise<CardRow> {
  const [row] = await s.db
    .select()
    .from(cards)
    .where(and(eq(cards.uuid, uuid), eq(cards.userId, user.id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function removeCard(s: Services, user: UserRow, uuid: string): Promise<void> {
  const card = await ownedCard(s, user, uuid);
  await s.db.transaction(async (tx) => {
    await tx.delete(cards).where(eq(cards.id, card.id));
    if (card.isDefault) {
      const [next] = await tx
        .select()
        .from(cards)
        .where(eq(cards.userId, user.id))
        .orderBy(asc(cards.id))
        .limit(1);
      if (next) await tx.update(cards).set({ isDefault: true }).where(eq(cards.id, next.id));
    }
  });
}

export async function makeDefault(s: Services, user: UserRow, uuid: string): Promise<Card[]> {
  const card = await ownedCard(s, user, uuid);
  await s.db.transaction(async (tx) => {
    await tx.update(cards).set({ isDefault: false }).where(eq(cards.userId, user.id));
    await tx.update(cards).set({ isDefault: true }).where(eq(cards.id, card.id));
  });
  return listCards(s, user);
}
