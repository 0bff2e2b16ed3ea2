/** Login challenges, e-mail verification codes and password-reset tokens: stored only as hashes. */
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loginChallenges, passwordResets, verificationCodes } from '../../db/schema.ts';

type CodeTable = typeof loginChallenges | typeof verificationCodes;

/** Closes every open code of the user in `table`, then stores a new one. */
export async function replaceCode(
  db: Executor,
  table: CodeTable,
  values: { userId: number; codeHash: string; expiresAt: Date; now: Date; ip?: string },
): Promise<void> {
  await db
    .update(table)
    .set({ consumedAt: values.now })
    .where(and(eq(table.userId, values.userId), isNull(table.consumedAt)));
  const row = {
    userId: values.userId,
    codeHash: values.codeHash,
    expiresAt: values.expiresAt,
    createdAt: values.now,
  };
  if (table === loginChallenges) await db.insert(loginChallenges).values({ ...row, ip: values.ip });
  else await db.insert(verificationCodes).values(row);
}

/**
 * Spends one try of the user's open, unexpired code and answers it, or nothing when there is
 * none or its tries are used up. Atomic, so parallel guesses cannot exceed `maxAttempts`.
 */
export async function spendAttempt(
  db: Executor,
  table: CodeTable,
  userId: number,
  now: Date,
  maxAttempts: number,
): Promise<{ id: number; codeHash: string } | undefined> {
  const open = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.userId, userId), isNull(table.consumedAt), gt(table.expiresAt, now)))
    .orderBy(desc(table.id))
    .limit(1);
  if (!open[0]) return undefined;
  const rows = await db
    .update(table)
    .set({ attempts: sql`${table.attempts} + 1` })
    .where(and(eq(table.id, open[0].id), isNull(table.consumedAt), lt(table.attempts, maxAttempts)))
    .returning({ id: table.id, codeHash: table.codeHash });
  return rows[0];
}

/** Marks the code used; false when another request used it first (single use). */
export async function consumeCode(db: Executor, table: CodeTable, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(table)
    .set({ consumedAt: now })
    .where(and(eq(table.id, id), isNull(table.consumedAt)))
    .returning({ id: table.id });
  return rows.length === 1;
}

export async function insertPasswordReset(
  db: Executor,
  values: { userId: number; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db.insert(passwordResets).values({ ...values, createdAt: values.now });
}

/** Uses the reset token once: answers true only for a live token of this user. */
export async function usePasswordReset(
  db: Executor,
  userId: number,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.userId, userId),
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ id: passwordResets.id });
  if (rows.length !== 1) return false;
  // Any other outstanding link of this user dies with this reset.
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  return true;
}
