/**
 * Addresses to points (DESIGN §10 "Where rooms are"), through Nominatim's search API — OpenStreetMap's
 * public instance by default (GEOCODER_URL), or any other Nominatim.
 *
 * Its usage policy (operations.osmfoundation.org/policies/nominatim/), and how this module keeps it:
 * - "No heavy uses (an absolute maximum of 1 request per second)." and "the usage limits above apply
 *   per website/application: the sum of traffic by all your users should not exceed the limits":
 *   every request of the process to one endpoint waits its turn in one queue, a second after the
 *   previous one was answered (`paced`).
 * - "Provide a valid HTTP Referer or User-Agent identifying the application (stock User-Agents as
 *   set by http libraries will not do)": every request carries GEOCODER_USER_AGENT, by default
 *   "Salas/<version> (<contact e-mail>)".
 * - "If at all possible, set up a proxy and also enable caching of requests": the answers, misses
 *   included, are kept in `geocode_cache` (features/geocoding), so one address is asked once.
 * - "Bulk geocoding of larger amounts of data is not encouraged": the product asks only when a
 *   partner saves a clinic's address or a person types an address to search near; nothing walks
 *   the table to geocode it.
 * - "Apps must make sure that they can switch the service at our request at any time": GEOCODER_URL
 *   points elsewhere, or `off`, without a new release.
 *
 * Addresses go as a structured query (nominatim.org/release-docs/latest/api/Search/: "street=<housenumber>
 * <streetname>, city=<city>, county=<county>, state=<state>, country=<country>, postalcode=<postalcode> —
 * Alternative query string format for structured requests. Structured requests are faster but are
 * less robust against alternative OSM tagging schemas. Do not combine with q=<query> parameter.");
 * a typed text as the free-form `q`. Both are limited to Brazil (`countrycodes=br`).
 */
import type { GeoPoint } from '#common/contracts/rooms';
import { stateNames } from '#common/domain/rooms';

/** A Brazilian address, as the address forms keep it. */
export interface AddressQuery {
  street: string;
  number?: string | null;
  city: string;
  /** The UF ("SP"); Nominatim is asked with the state's name. */
  state: string;
  /** The CEP, digits only or with its hyphen. */
  zipCode?: string | null;
}

/** What to find: an address in parts, or a text a person typed. */
export type GeocodeQuery = { address: AddressQuery } | { text: string };

export interface Geocoder {
  /** The place, or null when the geocoder knows no such address; throws GeocoderError when it cannot answer. */
  geocode(query: GeocodeQuery): Promise<GeoPoint | null>;
}

/** The geocoder did not answer (network, timeout, refused, rate-limited, 5xx): try again later. */
export class GeocoderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'GeocoderError';
  }
}

export interface NominatimOptions {
  /** The search endpoint (https://nominatim.openstreetmap.org/search). */
  url: string;
  userAgent: string;
  /** The shortest time between two requests' starts (default NOMINATIM_INTERVAL_MS). */
  intervalMs?: number;
  /** How long one request may take. */
  timeoutMs?: number;
  /** The clock and the wait the queue uses (tests pass a clock they move). */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
}

/** A second between one answer and the next request: the policy's maximum rate, whatever the network. */
export const NOMINATIM_INTERVAL_MS = 1_000;

/**
 * The queue of one endpoint, shared by every geocoder the process builds for it: its last start
 * and the tail of the requests waiting.
 */
const queues = new Map<string, { lastEnd: number; tail: Promise<unknown> }>();

/**
 * Runs `work` in the endpoint's queue, `interval` after the previous request ended: counted from
 * the answer, not the start, two requests reach the server a second apart even when the first one
 * travelled slower than the second.
 */
function paced<T>(
  key: string,
  interval: number,
  now: () => number,
  sleep: (ms: number) => Promise<void>,
  work: () => Promise<T>,
): Promise<T> {
  let queue = queues.get(key);
  if (!queue) {
    queue = { lastEnd: Number.NEGATIVE_INFINITY, tail: Promise.resolve() };
    queues.set(key, queue);
  }
  const q = queue;
  const run = q.tail.then(async () => {
    const wait = q.lastEnd + interval - now();
    if (wait > 0) await sleep(wait);
    try {
      return await work();
    } finally {
      q.lastEnd = now();
    }
  });
  // The next request waits for this one's turn to end, whatever its outcome.
  q.tail = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

/** A CEP as Nominatim's Brazilian data writes it (01310-100). */
const cep = (zip: string) => {
  const digits = zip.replace(/\D/g, '');
  return digits.length === 8 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
};

/** The query string of one search: structured for an address, free-form for a text. */
export function nominatimParams(query: GeocodeQuery): URLSearchParams {
  const params = new URLSearchParams({ format: 'jsonv2', limit: '1', countrycodes: 'br' });
  if ('text' in query) {
    params.set('q', query.text);
    return params;
  }
  const a = query.address;
  const street = [a.number?.trim(), a.street.trim()].filter(Boolean).join(' ');
  if (street) params.set('street', street);
  if (a.city.trim()) params.set('city', a.city.trim());
  if (a.state.trim())
    params.set(
      'state',
      stateNames[a.state.trim().toUpperCase() as keyof typeof stateNames] ?? a.state.trim(),
    );
  params.set('country', 'Brasil');
  if (a.zipCode) params.set('postalcode', cep(a.zipCode));
  return params;
}

/** Nominatim through its search API, one request a second for the whole process. */
export function createNominatimGeocoder(options: NominatimOptions): Geocoder {
  const interval = options.intervalMs ?? NOMINATIM_INTERVAL_MS;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const doFetch = options.fetch ?? fetch;
  return {
    geocode(query) {
      return paced(options.url, interval, now, sleep, async () => {
        const url = `${options.url}?${nominatimParams(query)}`;
        let res: Response;
        try {
          res = await doFetch(url, {
            headers: {
              'User-Agent': options.userAgent,
              Accept: 'application/json',
              'Accept-Language': 'pt-BR',
            },
            signal: AbortSignal.timeout(timeoutMs),
          });
        } catch (err) {
          throw new GeocoderError(`geocodificador inacessível: ${(err as Error).message}`);
        }
        if (!res.ok) {
          await res.body?.cancel();
          throw new GeocoderError(`geocodificador respondeu ${res.status}`, res.status);
        }
        const places = (await res.json().catch(() => null)) as { lat?: string; lon?: string }[] | null;
        if (!Array.isArray(places)) throw new GeocoderError('resposta do geocodificador ilegível');
        const first = places[0];
        if (!first) return null;
        const lat = Number(first.lat);
        const lng = Number(first.lon);
        if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
          throw new GeocoderError('resposta do geocodificador ilegível');
        return { lat, lng };
      });
    },
  };
}
