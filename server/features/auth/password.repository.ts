import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { authTokens } from '../../db/schema.ts';

/** Ends every session of the user but `keepTokenId` (the one that changed the password). */
export async function revokeOtherTokens(
  db: Executor,
  userId: number,
  keepTokenId: number,
  now: Date,
): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.userId, userId), ne(authTokens.id, keepTokenId), isNull(authTokens.revokedAt)));
}
