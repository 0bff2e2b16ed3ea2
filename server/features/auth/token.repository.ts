import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { authTokens, photos, users } from '../../db/schema.ts';

export async function insertToken(
  db: Executor,
  values: { userId: number; tokenHash: string; userAgent?: string; ip?: string; now: Date },
): Promise<void> {
  await db.insert(authTokens).values({
    userId: values.userId,
    tokenHash: values.tokenHash,
    userAgent: values.userAgent?.slice(0, 300),
    ip: values.ip,
    createdAt: values.now,
    lastUsedAt: values.now,
  });
}

/** The person's profile photo (the first by position), read with the token: /api/user needs no second query. */
const profilePhotoUuid = sql<string | null>`(select ${photos.uuid} from ${photos}
  where ${photos.userId} = ${users.id} and ${photos.type} = 'profile'
  order by ${photos.position}, ${photos.id} limit 1)`;

/**
 * Every signed-in request runs this lookup: built once per database (a prepared statement, also
 * on the server side), not assembled by the query builder on each call.
 */
const liveTokenQuery = preparedPerDatabase((db) =>
  db
    .select({ tokenId: authTokens.id, lastUsedAt: authTokens.lastUsedAt, user: users, profilePhotoUuid })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, sql.placeholder('hash')), isNull(authTokens.revokedAt)))
    .limit(1)
    .prepare('find_live_token'),
);

/** The token's row and its user, if the token exists and was not revoked. */
export async function findLiveToken(db: Executor, tokenHash: string) {
  const rows = await liveTokenQuery(db).execute({ hash: tokenHash });
  return rows[0];
}

/** Whether the person ever had a session (revoked ones included). */
export async function hasEverSignedIn(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(eq(authTokens.userId, userId))
    .limit(1);
  return rows.length === 1;
}

/** Whether the person signed in from `ip` since `since` (a session was opened there). */
export async function signedInFrom(db: Executor, userId: number, ip: string, since: Date): Promise<boolean> {
  const rows = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.ip, ip),
        sql`${authTokens.createdAt} >= ${since.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return rows.length === 1;
}

export async function touchToken(db: Executor, tokenId: number, now: Date): Promise<void> {
  await db.update(authTokens).set({ lastUsedAt: now }).where(eq(authTokens.id, tokenId));
}

export async function revokeToken(db: Executor, tokenId: number, now: Date): Promise<void> {
  await db.update(authTokens).set({ revokedAt: now }).where(eq(authTokens.id, tokenId));
}

export async function revokeAllForUser(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
}

export async function deleteExpired(db: Executor, unusedSince: Date): Promise<void> {
  await db
    .delete(authTokens)
    .where(sql`${authTokens.lastUsedAt} < ${unusedSince.toISOString()}::timestamptz`);
}
