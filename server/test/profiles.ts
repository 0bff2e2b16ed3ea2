/**
 * Specialists who may book (DESIGN §8: verified e-mail and the completeData fields), written
 * straight to the database for API tests and benchmarks. No test runner imports here.
 */
import { eq } from 'drizzle-orm';
import { isValidCpf } from '#common/br/documents';
import type { Executor } from '../db/client.ts';
import { councils } from '../db/schema.ts';
import { saveAddress } from '../features/addresses/address.repository.ts';
import { upsertProfile } from '../features/specialists/profile.repository.ts';

/** A CPF with valid check digits made from `n` (one per n below 600 000 000; never the demo's). */
export function cpfFrom(n: number): string {
  const digits = [...String(300_000_000 + n)].map(Number);
  for (const length of [9, 10]) {
    const sum = digits.reduce((acc, d, i) => acc + d * (length + 1 - i), 0);
    const rest = sum % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  const cpf = digits.join('');
  if (!isValidCpf(cpf)) throw new Error(`CPF gerado inválido: ${cpf}`);
  return cpf;
}

/** The completeData fields (CPF, birth date, phone, council and number, address); the name is kept. */
export async function insertCompleteProfile(
  db: Executor,
  userId: number,
  cpf: string,
  now = new Date(),
): Promise<void> {
  const [council] = await db.select().from(councils).where(eq(councils.acronym, 'CRP')).limit(1);
  if (!council) throw new Error('conselho CRP ausente');
  const addressId = await saveAddress(
    db,
    userId,
    null,
    {
      zip_code: '01310100',
      street: 'Avenida Paulista',
      number: '1578',
      complement: 'Sala 42',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    },
    now,
  );
  await upsertProfile(db, {
    userId,
    cpf,
    birthDate: '1988-04-12',
    phone: '11987654321',
    profession: 'Psicóloga',
    councilId: council.id,
    councilNumber: '06/123456',
    councilState: 'SP',
    addressId,
    now,
  });
}
