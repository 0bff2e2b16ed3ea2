/** Row -> contract shapes shared by the clinic, room and photo features. */
import type { Address } from '#common/contracts/auth';
import type { Contact, HourRange, Photo } from '#common/contracts/supply';
import type { addresses, phoneContacts, photos } from '../db/schema.ts';

export const toAddress = (a: typeof addresses.$inferSelect): Address => ({
  uuid: a.uuid,
  zip_code: a.zipCode,
  street: a.street,
  number: a.number,
  complement: a.complement ?? null,
  neighborhood: a.neighborhood,
  city: a.city,
  state: a.state,
});

export const toContact = (c: typeof phoneContacts.$inferSelect): Contact => ({
  uuid: c.uuid,
  country_code: c.countryCode,
  area_code: c.areaCode,
  number: c.number,
  type: c.type,
});

export const toPhoto = (p: Pick<typeof photos.$inferSelect, 'uuid' | 'isCover'>): Photo => ({
  uuid: p.uuid,
  url: `/api/photo/${p.uuid}`,
  is_cover: p.isCover,
});

/** Postgres `time` ('08:00:00') -> 'HH:mm'. */
export const hhmm = (t: string) => t.slice(0, 5);

export const toHours = (rows: { weekday: number; opensAt: string; closesAt: string }[]): HourRange[] =>
  rows
    .map((h) => ({ weekday: h.weekday, opens_at: hhmm(h.opensAt), closes_at: hhmm(h.closesAt) }))
    .sort((a, b) => a.weekday - b.weekday || a.opens_at.localeCompare(b.opens_at));
