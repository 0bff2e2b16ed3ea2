import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { hashPassword } from '../../lib/password.ts';

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD: make sure this owner exists, is active and verified, and has
 * this password. How a real deployment gets its first operator.
 */
export async function ensureOwner(
  db: Db,
  admin: { email: string; password: string },
  now: Date,
): Promise<void> {
  const email = admin.email.trim().toLowerCase();
  const passwordHash = await hashPassword(admin.password);
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  if (existing[0]) {
    await db
      .update(users)
      .set({
        role: 'owner',
        active: true,
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(users.id, existing[0].id));
  } else {
    await db.insert(users).values({
      name: 'Operador Salas',
      email,
      passwordHash,
      role: 'owner',
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    });
  }
}
