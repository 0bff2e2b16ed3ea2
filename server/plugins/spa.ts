import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isPagePath } from '#common/page-routes';

export interface PageMeta {
  title: string;
  description: string;
  image?: string;
}

/**
 * What the server adds to a public page's HTML so its first screen needs no further round trip:
 * its own title and tags, the data its first queries ask for (read once by web/lib/initial-data.ts)
 * and the photos seen first.
 */
export interface PageExtras {
  meta?: PageMeta;
  data?: Record<string, unknown>;
  images?: string[];
}

const escapeHtml = (v: string) =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** index.html with the page's title, description and Open Graph tags (for links shared and search engines). */
export function withMeta(html: string, meta: PageMeta, url: string): string {
  const tags = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Salas" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(meta.image)}" />`] : []),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
  ].join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    )
    .replace('</head>', `    ${tags}\n  </head>`);
}

/** JSON inside <script>: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** index.html with the page's data for its first queries and its first photos preloaded. */
export function withData(html: string, extras: PageExtras): string {
  let out = html;
  if (extras.images?.length) {
    const links = extras.images
      .map((src) => `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(src)}">`)
      .join('\n    ');
    out = out.replace('</head>', `    ${links}\n  </head>`);
  }
  if (extras.data) {
    out = out.replace(
      '</body>',
      `  <script type="application/json" id="salas-initial">${scriptJson(extras.data)}</script>\n  </body>`,
    );
  }
  return out;
}

/** index.html announcing a page's own scripts and styles, fetched beside the entry rather than after it. */
export function withPreloads(html: string, files: string[]): string {
  if (files.length === 0) return html;
  const links = files
    .map((f) =>
      f.endsWith('.css')
        ? `<link rel="stylesheet" crossorigin href="${escapeHtml(f)}">`
        : `<link rel="modulepreload" crossorigin href="${escapeHtml(f)}">`,
    )
    .join('\n    ');
  return html.replace('</head>', `    ${links}\n  </head>`);
}

/** The files the build also writes pre-compressed (vite.config.ts), by their own or their variant's name. */
const COMPRESSED_BY_BUILD = /\.(js|css|html|json|svg|webmanifest|txt|xml|ico)(\.br|\.gz)?$/;

const ROOM_PAGE = /^\/rooms\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;
const ANY_ROOM_PAGE = /^\/rooms\/[^/]+\/?$/;

/**
 * Serves the built web app (dist/web): its files (pre-compressed, one route per file made at start)
 * and, for every other GET outside /api, the app's index.html (DESIGN §8, web app shell) — with 200
 * on the app's pages (common/page-routes.ts, dots in a segment included: `/two-factors/a@b.com.br`)
 * and 404 on any other path, where the app draws its "Página não encontrada". A path that looks like
 * a file (`/assets/x.js`) and is neither answers a short plain-text 404.
 */
export async function registerSpa(
  app: FastifyInstance,
  webRoot: string,
  options: {
    publicUrl: string;
    /** The room list (/rooms?search=…) and a room's page (/rooms/{uuid}); null when there is nothing to add. */
    rooms?: (query: URLSearchParams) => Promise<PageExtras | null>;
    room?: (uuid: string) => Promise<PageExtras | null>;
  } = { publicUrl: '' },
): Promise<boolean> {
  const index = path.join(webRoot, 'index.html');
  if (!fs.existsSync(index)) return false;
  const html = fs.readFileSync(index, 'utf8');
  // Written by the build (vite.config.ts, salas-route-preloads): the public pages' own chunks.
  const preloadsFile = path.join(webRoot, 'route-preloads.json');
  const preloads: Record<string, string[]> = fs.existsSync(preloadsFile)
    ? JSON.parse(fs.readFileSync(preloadsFile, 'utf8'))
    : {};
  const roomsHtml = withPreloads(html, preloads.rooms ?? []);
  const roomHtml = withPreloads(html, preloads.room ?? []);
  await app.register(fastifyStatic, {
    root: webRoot,
    preCompressed: true,
    wildcard: false,
    index: false,
    // Cache-Control is ours (below): send's own "max-age=0" would otherwise replace it.
    cacheControl: false,
    setHeaders(res, filePath) {
      // The build writes .br and .gz beside the text files; which one goes out depends on the
      // request's Accept-Encoding, and caches must know.
      if (COMPRESSED_BY_BUILD.test(filePath)) res.setHeader('Vary', 'Accept-Encoding');
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('Cache-Control', 'no-cache');
      }
    },
  });
  const notFound = (reply: FastifyReply) =>
    reply.code(404).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  app.get('/*', async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    // An API path is the API's not-found handler's (404, or 405 for a path with other methods).
    if (urlPath.startsWith('/api/') || urlPath === '/api') return reply.callNotFound();
    if (!isPagePath(urlPath)) {
      if (path.extname(urlPath) && !urlPath.endsWith('.html')) {
        return reply.code(404).type('text/plain; charset=utf-8').send('Arquivo não encontrado.');
      }
      return notFound(reply);
    }
    // The public pages: their own scripts announced, their first data and photos inside.
    const room = ROOM_PAGE.exec(urlPath)?.[1];
    const isList = urlPath === '/rooms' || urlPath === '/rooms/';
    // A room page naming no room is a page that does not exist, for search engines too.
    if (!room && ANY_ROOM_PAGE.test(urlPath)) return notFound(reply);
    if (room || isList) {
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      let missing = false;
      const extras = await (room ? options.room?.(room) : options.rooms?.(query))
        ?.then((found) => {
          missing = Boolean(room) && found === null;
          return found;
        })
        .catch(() => null);
      let page = room ? roomHtml : roomsHtml;
      if (extras?.meta) page = withMeta(page, extras.meta, `${options.publicUrl}${urlPath}`);
      if (extras) page = withData(page, extras);
      return reply
        .code(missing ? 404 : 200)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(page);
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
  return true;
}
