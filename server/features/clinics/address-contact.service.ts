/** Addresses and phone contacts (SPEC §7 Address and contact): a user's own, or of their clinic. */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Address, addressInput } from '#common/contracts/auth';
import type { addressBody, Contact, contactBody } from '#common/contracts/supply';
import { AppError } from '#common/errors';
import { addresses, phoneContacts } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import { saveAddress } from '../addresses/address.repository.ts';
import type { UserRow } from '../auth/user.repository.ts';
import { clinicOfAddress, type Logger, placeClinicAfterSave } from '../geocoding/geocode.service.ts';
import { toAddress, toContact } from '../supply.mappers.ts';
import * as clinicsRepo from './clinic.repository.ts';
import { notFound } from './clinic.service.ts';

async function clinicOf(s: Services, user: UserRow, clinicUuid: string | undefined) {
  if (!clinicUuid) return undefined;
  const clinic =
    user.role === 'partner' ? await clinicsRepo.findOwnedClinic(s.db, user.id, clinicUuid) : undefined;
  if (!clinic) {
    throw new AppError('validation', 'Clínica não encontrada.', {
      errors: { clinic_uuid: ['Clínica não encontrada.'] },
    });
  }
  return clinic;
}

async function ownedAddress(s: Services, user: UserRow, uuid: string) {
  const rows = await s.db
    .select()
    .from(addresses)
    .where(and(eq(addresses.uuid, uuid), eq(addresses.ownerId, user.id)))
    .limit(1);
  if (!rows[0]) throw notFound();
  return rows[0];
}

/**
 * A clinic's address saved: the clinic is placed there (after the save, DESIGN §10 "Where rooms
 * are"), unless its partner placed a pin.
 */
export async function createAddress(
  s: Services,
  user: UserRow,
  body: z.output<typeof addressBody>,
  log: Logger,
): Promise<Address> {
  const clinic = await clinicOf(s, user, body.clinic_uuid);
  const now = s.clock();
  const id = await s.db.transaction(async (tx) => {
    // A clinic has one address: sending one again replaces it.
    const addressId = await saveAddress(tx, user.id, clinic?.addressId ?? null, body, now);
    if (clinic) await clinicsRepo.setClinicAddress(tx, clinic.id, addressId);
    return addressId;
  });
  if (clinic) await placeClinicAfterSave({ ...s, log }, clinic.id);
  const rows = await s.db.select().from(addresses).where(eq(addresses.id, id));
  return toAddress(rows[0]!);
}

export async function updateAddress(
  s: Services,
  user: UserRow,
  uuid: string,
  body: z.output<typeof addressInput>,
  log: Logger,
): Promise<Address> {
  const address = await ownedAddress(s, user, uuid);
  await saveAddress(s.db, user.id, address.id, body, s.clock());
  const clinicId = await clinicOfAddress(s.db, address.id);
  if (clinicId !== undefined) await placeClinicAfterSave({ ...s, log }, clinicId);
  return toAddress((await ownedAddress(s, user, uuid))!);
}

export async function getAddress(s: Services, user: UserRow, uuid: string): Promise<Address> {
  return toAddress(await ownedAddress(s, user, uuid));
}

async function ownedContact(s: Services, user: UserRow, uuid: string) {
  const rows = await s.db
    .select()
    .from(phoneContacts)
    .where(and(eq(phoneContacts.uuid, uuid), eq(phoneContacts.ownerId, user.id)))
    .limit(1);
  if (!rows[0]) throw notFound();
  return rows[0];
}

export async function createContact(
  s: Services,
  user: UserRow,
  body: z.output<typeof contactBody>,
): Promise<Contact> {
  const clinic = await clinicOf(s, user, body.clinic_uuid);
  const rows = await s.db
    .insert(phoneContacts)
    .values({
      ownerId: user.id,
      clinicId: clinic?.id ?? null,
      countryCode: body.country_code,
      areaCode: body.area_code,
      number: body.number,
      type: body.type,
    })
    .returning();
  return toContact(rows[0]!);
}

export async function updateContact(
  s: Services,
  user: UserRow,
  uuid: string,
  body: z.output<typeof contactBody>,
): Promise<Contact> {
  const contact = await ownedContact(s, user, uuid);
  const rows = await s.db
    .update(phoneContacts)
    .set({ countryCode: body.country_code, areaCode: body.area_code, number: body.number, type: body.type })
    .where(eq(phoneContacts.id, contact.id))
    .returning();
  return toContact(rows[0]!);
}

export async function deleteContact(s: Services, user: UserRow, uuid: string): Promise<void> {
  const contact = await ownedContact(s, user, uuid);
  await s.db.delete(phoneContacts).where(eq(phoneContacts.id, contact.id));
}
