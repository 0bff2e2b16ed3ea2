import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { authTokens, users } from '../../db/schema.ts';

/**
 * Whether a session token (live or revoked) belongs to an account that is suspended now — not
 * deleted. Suspending revokes the account's sessions, so the web asks this of a token that no
 * longer signs in, to tell the person why (server/plugins/auth.ts).
 */
export async function isSuspendedAccountToken(db: Executor, tokenHash: string): Promise<boolean> {
  const rows = await db
    .select({ active: users.active })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, tokenHash), isNull(users.deletedAt)))
    .limit(1);
  return rows[0]?.active === false;
}
