import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app (dist/web) with its pre-compressed assets (one route per file, made at
 * start), and index.html for every
 * other GET that is not under /api, so client-side routes work on reload.
 */
export interface PageMeta {
  title: string;
  description: string;
  image?: string;
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

const ROOM_PAGE = /^\/rooms\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export async function registerSpa(
  app: FastifyInstance,
  webRoot: string,
  options: { publicUrl: string; roomMeta?: (uuid: string) => Promise<PageMeta | null> } = { publicUrl: '' },
): Promise<boolean> {
  const index = path.join(webRoot, 'index.html');
  if (!fs.existsSync(index)) return false;
  const html = fs.readFileSync(index, 'utf8');
  await app.register(fastifyStatic, {
    root: webRoot,
    preCompressed: true,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('Cache-Control', 'no-cache');
      }
    },
  });
  app.get('/*', async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath.startsWith('/api/') || urlPath === '/api') {
      return reply.code(404).send({ message: 'Rota não encontrada.' });
    }
    if (path.extname(urlPath) && !urlPath.endsWith('.html')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Arquivo não encontrado.');
    }
    // A public room page carries its own title, description and preview image.
    const room = ROOM_PAGE.exec(urlPath)?.[1];
    if (room && options.roomMeta) {
      const meta = await options.roomMeta(room).catch(() => null);
      if (meta)
        return reply
          .header('Cache-Control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(withMeta(html, meta, `${options.publicUrl}${urlPath}`));
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
  return true;
}
