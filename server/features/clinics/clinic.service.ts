/** Clinics ("coworkings") of a partner, their opening hours (SPEC §7 Clinics, Opening hours). */
import type { z } from 'zod';
import type { Clinic, HourRange } from '#common/contracts/supply';
import { type clinicBody, supplyMessages } from '#common/contracts/supply';
import { AppError } from '#common/errors';
import type { Services } from '../../services.ts';
import { type Logger, placeClinicAfterSave } from '../geocoding/geocode.service.ts';
import { removeWithPhotos } from '../photos/photo.service.ts';
import { toAddress, toContact, toHours, toPhoto } from '../supply.mappers.ts';
import * as repo from './clinic.repository.ts';

export const notFound = () => new AppError('not_found', supplyMessages.notFound);

export async function toClinics(s: Services, list: repo.ClinicRow[]): Promise<Clinic[]> {
  const d = await repo.clinicDetails(s.db, list);
  return list.map((c) => {
    const address = d.addresses.find((a) => a.id === c.addressId);
    return {
      uuid: c.uuid,
      name: c.name,
      description: c.description,
      email: c.email,
      timezone: c.timezone,
      address: address ? toAddress(address) : null,
      phones: d.phones.filter((p) => p.clinicId === c.id).map(toContact),
      photos: d.photos.filter((p) => p.clinicId === c.id).map(toPhoto),
      rooms_count: Number(d.roomCounts.find((r) => r.clinicId === c.id)?.n ?? 0),
      latitude: c.latitude,
      longitude: c.longitude,
      location_source: c.locationSource ?? null,
    };
  });
}

export async function listClinics(s: Services, partnerId: number): Promise<Clinic[]> {
  return toClinics(s, await repo.listClinicRows(s.db, partnerId));
}

export async function ownedClinic(s: Services, partnerId: number, uuid: string): Promise<repo.ClinicRow> {
  const clinic = await repo.findOwnedClinic(s.db, partnerId, uuid);
  if (!clinic) throw notFound();
  return clinic;
}

export async function getClinic(s: Services, partnerId: number, uuid: string): Promise<Clinic> {
  const [clinic] = await toClinics(s, [await ownedClinic(s, partnerId, uuid)]);
  return clinic!;
}

export type ClinicInput = z.output<typeof clinicBody>;
const values = (b: ClinicInput) => ({
  name: b.name,
  description: b.description,
  email: b.email ?? null,
  timezone: b.timezone,
});

/**
 * The partner's pin (DESIGN §10 "Where rooms are"): both numbers place it and it wins over the
 * address; both null take it away; absent leaves the place as it is.
 */
const pinOf = (b: ClinicInput): repo.ClinicPlace | undefined => {
  if (b.latitude === undefined || b.longitude === undefined) return undefined;
  if (b.latitude === null || b.longitude === null)
    return { latitude: null, longitude: null, locationSource: null };
  return { latitude: b.latitude, longitude: b.longitude, locationSource: 'pin' };
};

export async function createClinic(s: Services, partnerId: number, body: ClinicInput): Promise<Clinic> {
  const row = await repo.insertClinic(s.db, { partnerId, ...values(body), ...pinOf(body) });
  const [clinic] = await toClinics(s, [row]);
  return clinic!;
}

export async function updateClinic(
  s: Services,
  partnerId: number,
  uuid: string,
  body: ClinicInput,
  log: Logger,
): Promise<Clinic> {
  const clinic = await ownedClinic(s, partnerId, uuid);
  const pin = pinOf(body);
  await repo.updateClinic(s.db, clinic.id, { ...values(body), ...pin }, s.clock());
  // The pin taken away: the clinic is where its address is again.
  if (pin && pin.locationSource === null) await placeClinicAfterSave({ ...s, log }, clinic.id);
  return getClinic(s, partnerId, uuid);
}

/** SPEC §5: not while it has rooms or pending appointments; 'Erro ao excluir clinica' and why. */
export async function deleteClinic(s: Services, partnerId: number, uuid: string): Promise<void> {
  const clinic = await ownedClinic(s, partnerId, uuid);
  const refuse = (why: string) =>
    new AppError('conflict', supplyMessages.clinicDeleteFailed, { errors: { clinic: [why] } });
  if ((await repo.countPendingAppointments(s.db, clinic.id, s.clock())) > 0) {
    throw refuse(supplyMessages.clinicHasAppointments);
  }
  if ((await repo.countRooms(s.db, clinic.id)) > 0) throw refuse(supplyMessages.clinicHasRooms);
  await removeWithPhotos(s, { clinicId: clinic.id }, () =>
    s.db.transaction((tx) => repo.deleteClinic(tx, clinic)),
  );
}

export async function getOpeningHours(s: Services, partnerId: number, uuid: string): Promise<HourRange[]> {
  const clinic = await ownedClinic(s, partnerId, uuid);
  return toHours(await repo.clinicHours(s.db, clinic.id));
}

export async function setOpeningHours(
  s: Services,
  partnerId: number,
  uuid: string,
  hours: HourRange[],
): Promise<HourRange[]> {
  const clinic = await ownedClinic(s, partnerId, uuid);
  await s.db.transaction((tx) => repo.replaceClinicHours(tx, clinic.id, hours));
  return toHours(await repo.clinicHours(s.db, clinic.id));
}
