import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isPagePath } from '#common/page-routes';

import { isDatabaseUnavailable } from '../db/client.ts';
import type { FirstImage, PageHead, PublicPageAnswer } from '../features/public-pages/public-page.ts';
import { RETRY_AFTER_SECONDS } from './errors.ts';

/** Draws a page of the app on the server (web/entry-server.tsx). */
export type RenderPage = (
  url: string,
  seeds: { queryKey: readonly unknown[]; data: unknown }[],
) => Promise<{ html: string; state: unknown }>;

const escapeHtml = (v: string) =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON inside <script>: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The head of a public page: title, description, canonical URL, Open Graph, twitter:card, JSON-LD. */
export function headTags(head: PageHead, publicUrl: string): string {
  const url = `${publicUrl}${head.canonicalPath}`;
  const meta = (key: 'name' | 'property', name: string, content: string | number) =>
    `<meta ${key}="${name}" content="${escapeHtml(String(content))}" />`;
  return [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', 'Salas'),
    meta('property', 'og:locale', 'pt_BR'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', head.image.url),
    meta('property', 'og:image:type', 'image/jpeg'),
    meta('property', 'og:image:width', head.image.width),
    meta('property', 'og:image:height', head.image.height),
    meta('property', 'og:image:alt', head.image.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image.url),
    meta('name', 'twitter:image:alt', head.image.alt),
    ...head.jsonLd.map((item) => `<script type="application/ld+json">${scriptJson(item)}</script>`),
  ].join('\n    ');
}

/** The first photo fetched at once; with srcset and sizes, the very file the <img> will pick. */
const preloadTag = (image: FirstImage) =>
  `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(image.href)}"${
    image.srcset
      ? ` imagesrcset="${escapeHtml(image.srcset)}" imagesizes="${escapeHtml(image.sizes ?? '100vw')}"`
      : ''
  }>`;

/** index.html with a public page's head, its HTML drawn inside #root and the data it was drawn from. */
export function assemblePage(
  html: string,
  page: { head: PageHead; firstImage?: FirstImage; body?: { html: string; state: unknown } },
  publicUrl: string,
): string {
  const { head } = page;
  const extra = headTags(head, publicUrl);
  let out = html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      `<meta name="description" content="${escapeHtml(head.description)}" />`,
    )
    .replace('</head>', `    ${extra}\n  </head>`);
  // The photo seen first goes out right after the styles and before any script: on a slow phone
  // line it is what the visitor waits for, and the scripts only make the page respond.
  if (page.firstImage)
    out = out.replace(SCRIPT_START, (tag) => `${preloadTag(page.firstImage!)}\n    ${tag}`);
  if (page.body) {
    // A page drawn here is read without its scripts: they are asked for once it is on screen.
    out = scriptsAfterPaint(out);
    // A function as replacement: the page's own "$&" or "$1" stay as written.
    const drawn = page.body.html;
    out = out.replace(/<div id="root">[\s\S]*?<\/div><\/div>/, () => `<div id="root">${drawn}</div>`);
    out = out.replace(
      '</body>',
      () =>
        `  <script type="application/json" id="${SERVER_STATE_ID}">${scriptJson(page.body!.state)}</script>\n  </body>`,
    );
  }
  return out;
}

const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>\n?/g;

/**
 * The entry script and the modules it and the page import, asked for by web/public/salas-boot.js
 * after the first frame is painted instead of from the head (decision 0044, "Styles, the first
 * photo, then the scripts").
 */
export function scriptsAfterPaint(html: string): string {
  const entry = SCRIPT_START.exec(html)?.[0].match(/src="([^"]+)"/)?.[1];
  if (!entry) return html;
  const modules = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const boot = `<script defer src="/salas-boot.js" data-entry="${entry}" data-modules="${modules.join(' ')}"></script>`;
  return html.replace(MODULE_PRELOAD, '').replace(SCRIPT_START, () => boot);
}

/** Where the browser reads a server-drawn page's data (web/lib/initial-data.ts). */
const SERVER_STATE_ID = 'salas-state';

/** Where index.html's scripts begin: the entry, then the modules it imports. */
const SCRIPT_START = /<script type="module"[^>]*><\/script>/;
const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

/**
 * index.html announcing a page's own scripts and styles, fetched beside the entry rather than after
 * it. Every stylesheet comes before the scripts (the build writes the entry's after them): the
 * styles hold the first paint, the scripts do not, so the styles are asked for first.
 */
export function withPreloads(html: string, files: string[]): string {
  const styles = [
    ...(html.match(STYLESHEET) ?? []).map((l) => l.trim()),
    ...files
      .filter((f) => f.endsWith('.css'))
      .map((f) => `<link rel="stylesheet" crossorigin href="${escapeHtml(f)}">`),
  ];
  const modules = files
    .filter((f) => !f.endsWith('.css'))
    .map((f) => `<link rel="modulepreload" crossorigin href="${escapeHtml(f)}">`);
  return html
    .replace(STYLESHEET, '')
    .replace(SCRIPT_START, (tag) => [...styles, tag].join('\n    '))
    .replace('</head>', modules.length ? `    ${modules.join('\n    ')}\n  </head>` : '</head>');
}

/** The files the build also writes pre-compressed (vite.config.ts), by their own or their variant's name. */
const COMPRESSED_BY_BUILD = /\.(js|css|html|json|svg|webmanifest|txt|xml|ico)(\.br|\.gz)?$/;

/**
 * Serves the built web app (dist/web): its files (pre-compressed, one route per file made at start)
 * and, for every other GET outside /api, the app's index.html (DESIGN §8, web app shell) — with 200
 * on the app's pages (common/page-routes.ts, dots in a segment included: `/two-factors/a@b.com.br`)
 * and 404 on any other path, where the app draws its "Página não encontrada". A path that looks like
 * a file (`/assets/x.js`) and is neither answers a short plain-text 404. The public pages
 * (server/features/public-pages) go out drawn by the server, with their head and data, or as a
 * 301 to their canonical spelling.
 */
export async function registerSpa(
  app: FastifyInstance,
  webRoot: string,
  options: {
    publicUrl: string;
    /** A public page's data and head, a redirect, or null for the pages the browser draws alone. */
    page?: (path: string, query: URLSearchParams) => Promise<PublicPageAnswer>;
    /** Draws a page's HTML on the server; without it public pages go out with their head and data only. */
    render?: RenderPage;
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
  // Each public page kind's index.html, made once at start rather than on every request.
  const byChunks = new Map(
    Object.entries(preloads).map(([chunks, files]) => [chunks, withPreloads(html, files)]),
  );
  const plain = withPreloads(html, []);
  const pageHtml = (chunks: string) => byChunks.get(chunks) ?? plain;
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
    const [urlPath = '/', search = ''] = request.url.split('?');
    // An API path is the API's not-found handler's (404, or 405 for a path with other methods).
    if (urlPath.startsWith('/api/') || urlPath === '/api') return reply.callNotFound();
    let unavailable = false;
    const answer = await options.page?.(urlPath, new URLSearchParams(search)).catch((err: unknown) => {
      unavailable = isDatabaseUnavailable(err);
      if (unavailable) request.log.warn({ err }, 'página pública: banco de dados indisponível');
      else request.log.error({ err }, 'página pública: dados');
      return null;
    });
    // The database away: the app (it will say so) with 503 and when to come back — never a 404 a
    // crawler would drop the page for (DESIGN §10 "Staying up").
    if (unavailable)
      return reply
        .code(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(html);
    if (answer && 'redirect' in answer) return reply.redirect(answer.redirect, answer.status ?? 301);
    if (answer) {
      const body = await options.render?.(request.url, answer.seeds).catch((err: unknown) => {
        // The page still goes out, drawn by the browser from the same data.
        request.log.error({ err }, 'página pública: desenho no servidor');
        return undefined;
      });
      const page = assemblePage(
        pageHtml(answer.chunks),
        { head: answer.head, firstImage: answer.firstImage, body },
        options.publicUrl,
      );
      return reply
        .code(answer.status)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(page);
    }
    if (!isPagePath(urlPath) || /^\/rooms\/[^/]+\/?$/.test(urlPath) || urlPath.startsWith('/salas/')) {
      if (path.extname(urlPath) && !urlPath.endsWith('.html')) {
        return reply.code(404).type('text/plain; charset=utf-8').send('Arquivo não encontrado.');
      }
      return notFound(reply);
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
  return true;
}
