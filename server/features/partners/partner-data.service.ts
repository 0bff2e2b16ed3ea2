/** Partner data (DESIGN §5): basic data, company data, bank account and Pix key. */
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { bankByCode } from '#common/br/banks';
import type {
  bankAccountBody,
  PartnerData,
  partnerBasicBody,
  partnerDataBody,
  pixKeyBody,
} from '#common/contracts/partner';
import {
  addresses,
  partnerBankAccounts,
  partnerPixKeys,
  partnerProfiles,
  phoneContacts,
  plans,
  users,
} from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import { saveAddress } from '../addresses/address.repository.ts';
import type { UserRow } from '../auth/user.repository.ts';
import { toAddress, toContact } from '../supply.mappers.ts';
import { profilePhoneChanged } from '../whatsapp/consent.service.ts';

async function profileOf(s: Services, userId: number) {
  const rows = await s.db.select().from(partnerProfiles).where(eq(partnerProfiles.userId, userId)).limit(1);
  return rows[0];
}

export async function getPartnerData(s: Services, user: UserRow): Promise<PartnerData> {
  const [fresh] = await s.db.select().from(users).where(eq(users.id, user.id));
  const profile = await profileOf(s, user.id);
  const [address] = profile?.addressId
    ? await s.db.select().from(addresses).where(eq(addresses.id, profile.addressId))
    : [];
  const [plan] = profile?.planId ? await s.db.select().from(plans).where(eq(plans.id, profile.planId)) : [];
  const contacts = await s.db
    .select()
    .from(phoneContacts)
    .where(eq(phoneContacts.ownerId, user.id))
    .orderBy(asc(phoneContacts.id));
  return {
    name: fresh!.name,
    email: fresh!.email,
    phone: profile?.phone ?? null,
    legal_name: profile?.legalName ?? null,
    document_type: profile?.documentType ?? null,
    document: profile?.document ?? null,
    contact_email: profile?.contactEmail ?? null,
    address: address ? toAddress(address) : null,
    plan: plan ? { uuid: plan.uuid, name: plan.name, commission_percent: plan.commissionPercent } : null,
    contacts: contacts.filter((c) => c.clinicId === null).map(toContact),
  };
}

async function upsertProfile(
  s: Services,
  userId: number,
  values: Partial<typeof partnerProfiles.$inferInsert>,
) {
  const now = s.clock();
  await s.db
    .insert(partnerProfiles)
    .values({ userId, ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: partnerProfiles.userId, set: { ...values, updatedAt: now } });
}

export async function updateBasicData(
  s: Services,
  user: UserRow,
  body: z.output<typeof partnerBasicBody>,
): Promise<PartnerData> {
  await s.db.transaction(async (tx) => {
    await tx.update(users).set({ name: body.name, updatedAt: s.clock() }).where(eq(users.id, user.id));
    if (body.phone !== undefined) {
      const now = s.clock();
      await tx
        .insert(partnerProfiles)
        .values({ userId: user.id, phone: body.phone ?? null, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: partnerProfiles.userId,
          set: { phone: body.phone ?? null, updatedAt: now },
        });
      await profilePhoneChanged({ db: tx, clock: s.clock }, user.id, body.phone);
    }
  });
  return getPartnerData(s, user);
}

export async function updatePartnerData(
  s: Services,
  user: UserRow,
  body: z.output<typeof partnerDataBody>,
): Promise<PartnerData> {
  const current = await profileOf(s, user.id);
  const addressId = await saveAddress(s.db, user.id, current?.addressId ?? null, body.address, s.clock());
  await upsertProfile(s, user.id, {
    legalName: body.legal_name,
    documentType: body.document_type,
    document: body.document,
    contactEmail: body.contact_email,
    phone: body.phone,
    addressId,
  });
  await profilePhoneChanged(s, user.id, body.phone);
  return getPartnerData(s, user);
}

export async function getBankAccount(s: Services, user: UserRow) {
  const [row] = await s.db.select().from(partnerBankAccounts).where(eq(partnerBankAccounts.userId, user.id));
  if (!row) return null;
  return {
    bank_code: row.bankCode,
    bank_name: bankByCode(row.bankCode)?.name ?? row.bankCode,
    agency: row.agency,
    account: row.account,
    account_digit: row.accountDigit,
    account_type: row.accountType,
    holder_name: row.holderName,
    holder_document: row.holderDocument,
  };
}

export async function updateBankAccount(s: Services, user: UserRow, body: z.output<typeof bankAccountBody>) {
  const values = {
    bankCode: body.bank_code,
    agency: body.agency,
    account: body.account,
    accountDigit: body.account_digit,
    accountType: body.account_type,
    holderName: body.holder_name,
    holderDocument: body.holder_document,
    updatedAt: s.clock(),
  };
  await s.db
    .insert(partnerBankAccounts)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: partnerBankAccounts.userId, set: values });
  return getBankAccount(s, user);
}

export async function getPixKey(s: Services, user: UserRow) {
  const [row] = await s.db.select().from(partnerPixKeys).where(eq(partnerPixKeys.userId, user.id));
  return row ? { key_type: row.keyType, key: row.key } : null;
}

export async function updatePixKey(s: Services, user: UserRow, body: z.output<typeof pixKeyBody>) {
  const values = { keyType: body.key_type, key: body.key, updatedAt: s.clock() };
  await s.db
    .insert(partnerPixKeys)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: partnerPixKeys.userId, set: values });
  return getPixKey(s, user);
}
