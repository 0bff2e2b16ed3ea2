/**
 * robots.txt and sitemap.xml (DESIGN §8, web app shell): search engines may read the public pages
 * (home, room list, room pages) and not the signed-in areas, the account steps or the API; the
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
 * A room page's calendar links (decision 0044): each month, day and set of hours is an address of
 * the same page (its canonical is the room's), endless for a crawler; the room page itself stays open.
 */
export const CALENDAR_ADDRESSES = ['mes', 'dia', 'h'].flatMap((p) => [`/rooms/*?${p}=`, `/rooms/*&${p}=`]);

const CACHE = 'public, max-age=3600';

const xmlEscape = (v: string) =>
  v.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

export const sitemapRoutes = (deps: Services) => async (app: FastifyInstance) => {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...[...DISALLOWED_PATHS, ...CALENDAR_ADDRESSES].map((p) => `Disallow: ${p}`),
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
