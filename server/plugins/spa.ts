import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app (dist/web) with its pre-compressed assets (one route per file, made at
 * start), and index.html for every
 * other GET that is not under /api, so client-side routes work on reload.
 */
export async function registerSpa(app: FastifyInstance, webRoot: string): Promise<boolean> {
  const index = path.join(webRoot, 'index.html');
  if (!fs.existsSync(index)) return false;
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
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
  return true;
}
