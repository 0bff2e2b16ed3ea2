import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { cards } from '../../db/schema.ts';

export type CardRow = typeof cards.$inferSelect;

/** A person's cards, oldest first: the profile and every booking screen read them (prepared). */
const cardsOfUser = preparedPerDatabase((db) =>
  db
    .select()
    .from(cards)
    .where(eq(cards.userId, sql.placeholder('userId')))
    .orderBy(asc(cards.id))
    .prepare('cards_of_user'),
);

export function cardsOf(db: Executor, userId: number): Promise<CardRow[]> {
  return cardsOfUser(db).execute({ userId });
}
