/**
 * A local stand-in for Nominatim's search API (`GET /search`), for the geocoder's tests: it answers
 * the places it was given and records every request it saw.
 *
 * A witness, not a mirror: each rule it enforces quotes Nominatim's own pages.
 * - No identification, no answer. The usage policy (operations.osmfoundation.org/policies/nominatim/):
 *   "Provide a valid HTTP Referer or User-Agent identifying the application (stock User-Agents as
 *   set by http libraries will not do)." The OSM system administrators (Sarah Hoffmann,
 *   lists.openstreetmap.org/pipermail/geocoding/2013-June/000825.html): "Clients that fail to send
 *   an identification or only send a general-purpose user agent will be no longer permitted." The
 *   fake answers 403 with Nominatim's "Access blocked" page title (the status is the fake's choice).
 * - One request a second. The policy: "an absolute maximum of 1 request per second"; Nominatim's
 *   maintainer (github.com/osm-search/Nominatim/issues/906): "The server(s) automatically block
 *   (return HTTP 429) by high-number-of-requests per IP address". The fake answers 429 to a request
 *   that starts less than a second after the previous one (on its clock).
 * - A structured query is not mixed with `q` (nominatim.org/release-docs/latest/api/Search/: "Do not
 *   combine with q=<query> parameter"): 400.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fold } from '#common/domain/rooms';

/** A place the fake knows: found when every given part is in the request (accents and case aside). */
export interface FakePlace {
  /** Words the `street` parameter (or `q`) holds, e.g. "Avenida Paulista". */
  street?: string;
  city?: string;
  postalcode?: string;
  /** Words a free-form `q` holds. */
  q?: string;
  lat: number;
  lng: number;
}

export interface FakeNominatim {
  /** The search endpoint: GEOCODER_URL. */
  url: string;
  /** Every request it answered, with its status. */
  requests: { params: URLSearchParams; userAgent: string | undefined; status: number; at: number }[];
  places: FakePlace[];
  /** Answer 503 to everything until told otherwise (a geocoder that is down). */
  down: boolean;
  close(): Promise<void>;
}

const STRUCTURED = ['amenity', 'street', 'city', 'county', 'state', 'country', 'postalcode'];
/** What HTTP libraries send by themselves (Node's fetch sends "node"). */
const STOCK_AGENTS =
  /^(node|undici|node-fetch|axios|curl|wget|python-requests|python-urllib|go-http-client|java|okhttp)\b/i;

export async function startFakeNominatim(
  places: FakePlace[] = [],
  options: { now?: () => number } = {},
): Promise<FakeNominatim> {
  const now = options.now ?? Date.now;
  let lastAt = Number.NEGATIVE_INFINITY;
  const fake: FakeNominatim = {
    url: '',
    requests: [],
    places,
    down: false,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = url.searchParams;
    const userAgent = req.headers['user-agent'];
    const at = now();
    const answer = (status: number, body: unknown, type = 'application/json') => {
      fake.requests.push({ params, userAgent, status, at });
      res.writeHead(status, { 'Content-Type': type });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (url.pathname !== '/search') return answer(404, { error: 'not found' });
    if (!userAgent || STOCK_AGENTS.test(userAgent))
      return answer(403, '<html><head><title>Access blocked</title></head></html>', 'text/html');
    const tooSoon = at - lastAt < 1_000;
    lastAt = at;
    if (tooSoon)
      return answer(429, '<html><head><title>429 Too many requests</title></head></html>', 'text/html');
    if (fake.down) return answer(503, 'Service Unavailable', 'text/plain');
    if (params.has('q') && STRUCTURED.some((p) => params.has(p)))
      return answer(400, {
        error: { code: 400, message: 'Structured query parameters cannot be used together with q.' },
      });
    const has = (param: string, words: string | undefined) =>
      words === undefined || fold(params.get(param) ?? '').includes(fold(words));
    const found = fake.places.find((p) =>
      params.has('q')
        ? p.q !== undefined && fold(params.get('q') ?? '').includes(fold(p.q))
        : p.q === undefined &&
          has('street', p.street) &&
          has('city', p.city) &&
          has('postalcode', p.postalcode),
    );
    return answer(
      200,
      found
        ? [{ lat: String(found.lat), lon: String(found.lng), display_name: found.street ?? found.q }]
        : [],
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/search`;
  return fake;
}
