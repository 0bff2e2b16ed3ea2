import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { addresses, councils, specialistProfiles } from '../../db/schema.ts';

export type CouncilRow = typeof councils.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;

export async function listCouncils(db: Executor): Promise<CouncilRow[]> {
  return db.select().from(councils).orderBy(asc(councils.acronym));
}

export async function findCouncilByUuid(db: Executor, uuid: string): Promise<CouncilRow | undefined> {
  const rows = await db.select().from(councils).where(eq(councils.uuid, uuid)).limit(1);
  return rows[0];
}

export async function findProfile(db: Executor, userId: number) {
  const rows = await db
    .select({ profile: specialistProfiles, council: councils, address: addresses })
    .from(specialistProfiles)
    .innerJoin(councils, eq(councils.id, specialistProfiles.councilId))
    .leftJoin(addresses, eq(addresses.id, specialistProfiles.addressId))
    .where(eq(specialistProfiles.userId, userId))
    .limit(1);
  return rows[0];
}

export async function findProfileByCpf(db: Executor, cpf: string) {
  const rows = await db
    .select({ userId: specialistProfiles.userId })
    .from(specialistProfiles)
    .where(eq(specialistProfiles.cpf, cpf))
    .limit(1);
  return rows[0];
}

export async function upsertProfile(
  db: Executor,
  values: Omit<typeof specialistProfiles.$inferInsert, 'createdAt' | 'updatedAt'> & { now: Date },
): Promise<void> {
  const { now, ...row } = values;
  await db
    .insert(specialistProfiles)
    .values({ ...row, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: specialistProfiles.userId, set: { ...row, updatedAt: now } });
}
