/** Who pays, as the payment provider sees them (its customer record and fraud checks). */
import { eq } from 'drizzle-orm';
import type { Payer } from '../../adapters/payments.ts';
import { specialistProfiles } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import type { UserRow } from '../auth/user.repository.ts';

/** Name, e-mail and the CPF on file (partners book without one). */
export async function payerOf(s: Pick<Services, 'db'>, user: UserRow): Promise<Payer> {
  const [profile] = await s.db
    .select({ cpf: specialistProfiles.cpf })
    .from(specialistProfiles)
    .where(eq(specialistProfiles.userId, user.id))
    .limit(1);
  return { uuid: user.uuid, email: user.email, name: user.name, cpf: profile?.cpf ?? null };
}
