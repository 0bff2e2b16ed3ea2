/**
 * robots.txt and sitemap.xml (DESIGN §8, web app shell; §10 "Crawlers"): search engines may read
 * the public pages (home, room list, room pages, city pages) and the photos they show, not the
 * signed-in areas, the account steps, the rest of the API nor a room's calendar addresses; the
 * sitemap lists the page of every city with a bookable room (DESIGN §9) and of every bookable room,
 * from the database, under PUBLIC_URL.
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { listCities } from '../public-pages/public-pages.service.ts';
import { publicRoomPages, SITEMAP_LIMIT } from './sitemap.repository.ts';

/** Paths no search engine needs: the signed-in areas, the account steps, diagnostics, the API. */
export const DISALLOWED_PATHS = [
  '/api/',
  '/admin',
  '/parceiro',
  '/especialista',
  '/two-factors/',
  '/verificacao',
  '/password-reset',
  '/auth-user-ogin',
  '/tests',
];

/**
 * What crawlers may read inside a closed path: the photos, which every room and city page names
 * as its og:image, twitter:image and JSON-LD image (`/api/photo/{id}/share.jpg`, `/api/photo/{id}`).
 */
export const ALLOWED_PATHS = ['/api/photo/'];

/**
 * A room page's calendar parameters (decision 0044): each month, day and set of hours is an address
 * of the same page (its canonical is the room's), endless for a crawler; `date` is the list's day,
 * which the room page shows the same way. The room page itself stays open.
 */
export const CALENDAR_PARAMS = ['mes', 'dia', 'h', 'date'];
/** The calendar addresses of every room, for parsers that read `*` (RFC 9309 §2.2.3). */
export const CALENDAR_ADDRESSES = CALENDAR_PARAMS.flatMap((p) => [`/rooms/*?${p}=`, `/rooms/*&${p}=`]);

/**
 * The bookable rooms whose calendar addresses are also written out one by one, for parsers that
 * match plain prefixes only (Python's urllib.robotparser reads `*` as a character). Four lines of
 * ~65 bytes a room keep the file under the 500 KiB every crawler must read (RFC 9309 §2.5: "The
 * parsing limit MUST be at least 500 kibibytes"); rooms past it have the `*` lines only.
 */
export const ROBOTS_ROOM_LIMIT = 1500;

/**
 * robots.txt's one group. It reads the same under the most-specific-match rule of RFC 9309 §2.2.2
 * ("The most specific match found MUST be used. The most specific match is the match that has the
 * most octets"; Google, robots-parser) and under a first-match reader (the 1996 draft, Python's
 * urllib.robotparser): no rule comes after a shorter one it extends with the other verdict, so the
 * first rule that matches is also the longest. No `Allow: /`: a path no rule matches is allowed
 * (§2.2.2 "If no match is found amongst the rules in a group …, the URI is allowed"), and first
 * it would open everything to a first-match reader.
 */
export function robotsRules(roomUuids: string[]): { allow: boolean; path: string }[] {
  return [
    ...ALLOWED_PATHS.map((path) => ({ allow: true, path })),
    ...DISALLOWED_PATHS.map((path) => ({ allow: false, path })),
    ...CALENDAR_ADDRESSES.map((path) => ({ allow: false, path })),
    ...roomUuids.flatMap((uuid) =>
      CALENDAR_PARAMS.map((p) => ({ allow: false, path: `/rooms/${uuid}?${p}=` })),
    ),
  ];
}

const CACHE = 'public, max-age=3600';

const xmlEscape = (v: string) =>
  v.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

export const sitemapRoutes = (deps: Services) => async (app: FastifyInstance) => {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const rooms = await publicRoomPages(deps.db, ROBOTS_ROOM_LIMIT);
    const lines = [
      'User-agent: *',
      ...robotsRules(rooms.map((r) => r.uuid)).map((r) => `${r.allow ? 'Allow' : 'Disallow'}: ${r.path}`),
      '',
      `Sitemap: ${deps.config.publicUrl}/sitemap.xml`,
      '',
    ];
    return reply.header('Cache-Control', CACHE).type('text/plain; charset=utf-8').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const base = deps.config.publicUrl;
    const cities = await listCities(deps);
    const rooms = await publicRoomPages(deps.db, SITEMAP_LIMIT - 2 - cities.length);
    const url = (loc: string, lastmod?: Date) =>
      `  <url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      url(`${base}/`),
      url(`${base}/rooms`),
      ...cities.map((c) => url(`${base}/salas/${c.slug}`)),
      ...rooms.map((r) => url(`${base}/rooms/${r.uuid}`, r.updatedAt)),
      '</urlset>',
      '',
    ].join('\n');
    return reply.header('Cache-Control', CACHE).type('application/xml; charset=utf-8').send(body);
  });
};
