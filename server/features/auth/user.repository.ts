import { and, eq, sql } from 'drizzle-orm';
import type { User } from '#common/contracts/user';
import { AppError, messages } from '#common/errors';
import type { Executor, Tx } from '../../db/client.ts';
import { photos, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return rows[0];
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/**
 * Holds the person's row for a transaction that gives them hours or a place in line (a booking, a
 * horário fixo, the waitlist): a deletion or a suspension, which lock the same row, waits for it
 * to commit — and it, started after them, finds the account gone (401) instead of holding time
 * for nobody. `update` when the person's own moves must also run one at a time.
 */
export async function holdActivePerson(tx: Tx, userId: number, mode: 'share' | 'update' = 'share') {
  const [row] = await tx
    .select({ active: users.active, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for(mode);
  if (!row || row.deletedAt) throw new AppError('unauthenticated', messages.unauthenticated);
  if (!row.active) throw new AppError('unauthenticated', messages.suspended, { extra: { Status: false } });
}

export async function insertUser(
  db: Executor,
  values: {
    name: string;
    email: string;
    passwordHash: string | null;
    role: UserRow['role'];
    verified: boolean;
    now: Date;
  },
): Promise<UserRow> {
  const rows = await db
    .insert(users)
    .values({
      name: values.name,
      email: values.email.trim().toLowerCase(),
      passwordHash: values.passwordHash,
      role: values.role,
      emailVerifiedAt: values.verified ? values.now : null,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  return rows[0]!;
}

export async function markEmailVerified(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

export async function setPasswordHash(
  db: Executor,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

export async function setName(db: Executor, userId: number, name: string, now: Date): Promise<void> {
  await db.update(users).set({ name, updatedAt: now }).where(eq(users.id, userId));
}

/** Public URL of the user's profile photo, if any. */
export async function profilePhotoUrl(db: Executor, userId: number): Promise<string | null> {
  const rows = await db
    .select({ uuid: photos.uuid })
    .from(photos)
    .where(and(eq(photos.userId, userId), eq(photos.type, 'profile')))
    .orderBy(photos.position, photos.id)
    .limit(1);
  return rows[0] ? `/api/photo/${rows[0].uuid}` : null;
}

/**
 * The `User` shape every client relies on (DESIGN §4). `photoUuid` when the caller already read it
 * (the signed-in request's token lookup does); otherwise it is read here.
 */
export async function toUser(db: Executor, row: UserRow, photoUuid?: string | null): Promise<User> {
  const photo =
    photoUuid === undefined ? await profilePhotoUrl(db, row.id) : photoUuid && `/api/photo/${photoUuid}`;
  return {
    uuid: row.uuid,
    name: row.name,
    email: row.email,
    role_name: row.role,
    active: row.active,
    email_verified: row.emailVerifiedAt !== null,
    photo: photo ? { url: photo } : null,
  };
}
