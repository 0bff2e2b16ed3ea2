/** Partners' provider accounts and the OAuth states that connect them (migration 0011). */
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  bookings,
  clinics,
  oauthStates,
  partnerPaymentAccounts,
  partnerProfiles,
  payments,
  plans,
  rooms,
} from '../../db/schema.ts';

export type AccountRow = typeof partnerPaymentAccounts.$inferSelect;

export async function accountOf(db: Executor, userId: number): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(partnerPaymentAccounts)
    .where(eq(partnerPaymentAccounts.userId, userId));
  return row;
}

/** The row locked for a token refresh (refresh tokens rotate: one refresh at a time). */
export async function lockAccount(db: Executor, userId: number): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(partnerPaymentAccounts)
    .where(eq(partnerPaymentAccounts.userId, userId))
    .for('update');
  return row;
}

export async function accountByProviderId(
  db: Executor,
  provider: string,
  accountId: string,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(partnerPaymentAccounts)
    .where(
      and(eq(partnerPaymentAccounts.provider, provider), eq(partnerPaymentAccounts.accountId, accountId)),
    )
    .limit(1);
  return row;
}

export const accountsOf = (db: Executor, provider: string) =>
  db.select().from(partnerPaymentAccounts).where(eq(partnerPaymentAccounts.provider, provider));

/** Accounts whose access token ends before `before` (the refresh job's round). */
export const expiringAccounts = (db: Executor, provider: string, before: Date) =>
  db
    .select({ userId: partnerPaymentAccounts.userId })
    .from(partnerPaymentAccounts)
    .where(
      and(
        eq(partnerPaymentAccounts.provider, provider),
        lt(partnerPaymentAccounts.expiresAt, before),
        sql`${partnerPaymentAccounts.refreshTokenEnc} is not null`,
      ),
    )
    .limit(100);

export async function saveAccount(
  db: Executor,
  row: Omit<typeof partnerPaymentAccounts.$inferInsert, 'updatedAt'>,
): Promise<void> {
  const { userId, ...rest } = row;
  await db
    .insert(partnerPaymentAccounts)
    .values(row)
    .onConflictDoUpdate({ target: partnerPaymentAccounts.userId, set: { ...rest, updatedAt: sql`now()` } });
}

export async function updateTokens(
  db: Executor,
  userId: number,
  set: Pick<AccountRow, 'accessTokenEnc' | 'refreshTokenEnc' | 'expiresAt'> & { publicKey?: string | null },
): Promise<void> {
  await db
    .update(partnerPaymentAccounts)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(partnerPaymentAccounts.userId, userId));
}

export async function deleteAccount(db: Executor, userId: number): Promise<void> {
  await db.delete(partnerPaymentAccounts).where(eq(partnerPaymentAccounts.userId, userId));
}

export async function insertState(db: Executor, row: typeof oauthStates.$inferInsert): Promise<void> {
  await db.insert(oauthStates).values(row);
}

/** States of a user that can no longer be used (housekeeping when a new one is made). */
export async function deleteStaleStates(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .delete(oauthStates)
    .where(
      and(
        eq(oauthStates.userId, userId),
        or(lt(oauthStates.expiresAt, now), sql`${oauthStates.usedAt} is not null`),
      ),
    );
}

/**
 * Takes a state once: marks it used if it exists, is unused and has not expired, in one statement,
 * so two callbacks with the same state cannot both pass.
 */
export async function claimState(db: Executor, stateHash: string, now: Date) {
  const [row] = await db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(
      and(eq(oauthStates.stateHash, stateHash), isNull(oauthStates.usedAt), gt(oauthStates.expiresAt, now)),
    )
    .returning();
  return row;
}

/** The partner who owns a booking's room, with their plan's commission percent. */
export async function bookingPartner(db: Executor, bookingId: number) {
  const [row] = await db
    .select({ partnerId: clinics.partnerId, percent: plans.commissionPercent })
    .from(bookings)
    .innerJoin(rooms, eq(rooms.id, bookings.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .leftJoin(partnerProfiles, eq(partnerProfiles.userId, clinics.partnerId))
    .leftJoin(plans, eq(plans.id, partnerProfiles.planId))
    .where(eq(bookings.id, bookingId));
  return row;
}

export async function markSplit(db: Executor, bookingId: number, collectorAccountId: string | null) {
  await db
    .update(payments)
    .set(
      collectorAccountId
        ? { settlement: 'split', collectorAccountId }
        : { settlement: 'payout', collectorAccountId: null },
    )
    .where(eq(payments.bookingId, bookingId));
}

export async function paymentByRef(db: Executor, provider: string, providerRef: string) {
  const [row] = await db
    .select({ settlement: payments.settlement, collectorAccountId: payments.collectorAccountId })
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)))
    .limit(1);
  return row;
}
