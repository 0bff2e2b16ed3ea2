/**
 * Addresses to points (DESIGN §10 "Where rooms are"): every question goes through the cache first
 * (`geocode_cache`: one address is asked once, a miss too — Nominatim's usage policy asks for
 * caching), then the geocoder (adapters/geocoder.ts, paced to one request a second).
 *
 * A clinic is placed after its address is saved, never inside the save: the partner's save does not
 * wait for the geocoder beyond a short while and never fails because of it. The partner's pin
 * always wins (the write checks it in the same statement).
 */
import type { GeoPoint } from '#common/contracts/rooms';
import { fold } from '#common/domain/rooms';
import type { GeocodeQuery, Geocoder } from '../../adapters/geocoder.ts';
import type { Executor } from '../../db/client.ts';
import * as repo from './geocode.repository.ts';

export interface GeocodeDeps {
  db: Executor;
  /** Absent: geocoding is off (GEOCODER_URL=off); only the cache answers. */
  geocoder?: Geocoder;
  clock: () => Date;
}

/** A geocoder that is off or down: the caller answers 503 or tries again later. */
export class GeocodingUnavailable extends Error {
  constructor(cause?: unknown) {
    super('geocodificação indisponível', { cause });
    this.name = 'GeocodingUnavailable';
  }
}

/** A miss is asked again after this long (the map's data grows). */
const MISS_KEPT_DAYS = 30;

/** The cache's key: the question folded (accents, case and spaces aside). */
export function cacheKey(query: GeocodeQuery): string {
  if ('text' in query) return `q:${fold(query.text)}`;
  const a = query.address;
  return `a:${fold([`${a.street} ${a.number ?? ''}`, a.city, a.state, a.zipCode ?? ''].join(', '))}`;
}

/** The point of `query`, or null when the geocoder knows no such place; throws GeocodingUnavailable. */
export async function geocode(deps: GeocodeDeps, query: GeocodeQuery): Promise<GeoPoint | null> {
  const key = cacheKey(query);
  const now = deps.clock();
  const cached = await repo.cachedAnswer(deps.db, key, new Date(now.getTime() - MISS_KEPT_DAYS * 86_400_000));
  if (cached !== undefined) return cached;
  if (!deps.geocoder) throw new GeocodingUnavailable();
  let point: GeoPoint | null;
  try {
    point = await deps.geocoder.geocode(query);
  } catch (err) {
    throw new GeocodingUnavailable(err);
  }
  await repo.keepAnswer(deps.db, key, point, deps.clock());
  return point;
}

/**
 * Places the clinic where its address is, unless its partner placed a pin: the address found moves
 * it, an address not found takes the old place away (it was another address's). Throws
 * GeocodingUnavailable when the geocoder cannot answer (the place stays as it was).
 */
export async function placeClinic(deps: GeocodeDeps, clinicId: number): Promise<void> {
  const clinic = await repo.clinicAddress(deps.db, clinicId);
  if (!clinic?.address || clinic.locationSource === 'pin') return;
  const a = clinic.address;
  const point = await geocode(deps, {
    address: { street: a.street, number: a.number, city: a.city, state: a.state, zipCode: a.zipCode },
  });
  await repo.placeByAddress(deps.db, clinicId, point);
}

/** Where a failed placing is told (the request's logger). */
export type Logger = { warn: (obj: object, msg: string) => void };

/** How long a partner's save waits for its clinic to be placed. */
export const PLACE_WAIT_MS = 3_000;

/**
 * After a clinic's address (or its pin taken away) is saved: places the clinic, waiting at most
 * `PLACE_WAIT_MS`; past that it goes on by itself. Never throws: a geocoder that is off, down or
 * slow leaves the clinic without a place (logged), and the save stands.
 */
export async function placeClinicAfterSave(
  deps: GeocodeDeps & { log: Logger },
  clinicId: number,
): Promise<void> {
  if (!deps.geocoder) return;
  const work = placeClinic(deps, clinicId).catch((err: unknown) => {
    deps.log.warn({ err, clinicId }, 'endereço da clínica não geocodificado');
  });
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    work,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, PLACE_WAIT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** The clinic whose address this is, if any (an address saved by its own uuid). */
export const clinicOfAddress = (db: Executor, addressId: number) => repo.clinicOfAddress(db, addressId);

const CEP = /^\d{5}-?\d{3}$/;

/**
 * What a person typed to search near it: a CEP (8 digits) is asked as the street an address of ours
 * with that CEP has, or as the CEP alone; anything else as typed. Null when not found.
 */
export async function geocodeTyped(
  deps: GeocodeDeps,
  typed: string,
): Promise<{ lat: number; lng: number; label: string } | null> {
  const text = typed.trim().replace(/\s+/g, ' ');
  const compact = text.replace(/\./g, '');
  if (CEP.test(compact)) {
    const zip = compact.replace('-', '');
    const known = await repo.addressWithZip(deps.db, zip);
    const formatted = `${zip.slice(0, 5)}-${zip.slice(5)}`;
    const point = await geocode(deps, {
      address: known
        ? { street: known.street, city: known.city, state: known.state, zipCode: zip }
        : { street: '', city: '', state: '', zipCode: zip },
    });
    if (!point) return null;
    const label = known
      ? `${known.street}, ${known.neighborhood}, ${known.city} – ${known.state}`
      : `CEP ${formatted}`;
    return { ...point, label };
  }
  const point = await geocode(deps, { text });
  return point ? { ...point, label: text } : null;
}
