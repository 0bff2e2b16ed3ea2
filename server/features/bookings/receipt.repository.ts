/**
 * Who a booking's receipt names (issue 42): the payer's CPF from the specialist's profile (or, for
 * a partner who booked, its own legal document) and the payee — the clinic's partner — by its legal
 * name and CNPJ or CPF. A rent receipt names both in full: it is the payer's proof in livro-caixa and
 * IRPF, which ask for the beneficiary's whole CPF/CNPJ.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { partnerProfiles, specialistProfiles, users } from '../../db/schema.ts';

export interface ReceiptDocument {
  type: 'cpf' | 'cnpj';
  number: string;
}

const asDocument = (type: string | null, number: string | null): ReceiptDocument | null =>
  number && (type === 'cpf' || type === 'cnpj') ? { type, number } : null;

/** One person's document for a receipt: a specialist's CPF, else a partner's CNPJ or CPF. */
async function documentOf(db: Executor, userId: number): Promise<ReceiptDocument | null> {
  const [specialist] = await db
    .select({ cpf: specialistProfiles.cpf })
    .from(specialistProfiles)
    .where(eq(specialistProfiles.userId, userId));
  if (specialist?.cpf) return { type: 'cpf', number: specialist.cpf };
  const [partner] = await db
    .select({ type: partnerProfiles.documentType, number: partnerProfiles.document })
    .from(partnerProfiles)
    .where(eq(partnerProfiles.userId, userId));
  return asDocument(partner?.type ?? null, partner?.number ?? null);
}

export async function receiptParties(db: Executor, payerId: number, partnerId: number) {
  const [payee] = await db
    .select({
      name: users.name,
      legalName: partnerProfiles.legalName,
      type: partnerProfiles.documentType,
      number: partnerProfiles.document,
    })
    .from(users)
    .leftJoin(partnerProfiles, eq(partnerProfiles.userId, users.id))
    .where(eq(users.id, partnerId));
  return {
    payer_document: await documentOf(db, payerId),
    payee: {
      name: payee?.legalName?.trim() || payee?.name || '',
      document: asDocument(payee?.type ?? null, payee?.number ?? null),
    },
  };
}
