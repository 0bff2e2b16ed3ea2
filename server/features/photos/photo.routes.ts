import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import { AppError, messages } from '#common/errors';
import { clientHas } from '../../lib/http-cache.ts';
import type { Services } from '../../services.ts';
import { type PhotoSize, photoSizes, variantKey } from './image.ts';
import { findPhoto } from './photo.repository.ts';

const params = z.object({ id: z.uuid({ message: 'Foto não encontrada.' }) });
const query = z.object({
  size: z.enum(Object.keys(photoSizes) as [PhotoSize, ...PhotoSize[]]).default('lg'),
});

/** Photos are public (room pages are browsable by visitors) and never change once stored. */
export const photoServeRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/photo/:id',
      {
        schema: {
          tags: ['fotos'],
          summary: 'Imagem de uma foto (tamanho sm ou lg)',
          params,
          querystring: query,
        },
      },
      async (request, reply) => {
        const row = await findPhoto(s.db, request.params.id);
        if (!row) throw new AppError('not_found', messages.notFound);
        const etag = `"${request.params.id}-${request.query.size}"`;
        reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
        // The stored bytes never change under a photo's id: a client holding them reads nothing.
        if (clientHas(request, etag)) return reply.code(304).send();
        const data = await s.storage.get(variantKey(row.storageKey, request.query.size));
        if (!data) throw new AppError('not_found', messages.notFound);
        return reply.header('content-type', 'image/webp').send(data);
      },
    );

    // Made on request from the large size and kept: a link shared twice is encoded once.
    const shareImages = new Map<string, Buffer>();
    app.get(
      '/photo/:id/share.jpg',
      {
        schema: {
          tags: ['fotos'],
          summary: `Imagem de compartilhamento de uma foto (JPEG ${SHARE_IMAGE.width}×${SHARE_IMAGE.height}, Open Graph)`,
          params,
        },
      },
      async (request, reply) => {
        const row = await findPhoto(s.db, request.params.id);
        if (!row) throw new AppError('not_found', messages.notFound);
        const etag = `"${request.params.id}-share"`;
        reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
        if (clientHas(request, etag)) return reply.code(304).send();
        let jpeg = shareImages.get(row.storageKey);
        if (!jpeg) {
          const data = await s.storage.get(variantKey(row.storageKey, 'lg'));
          if (!data) throw new AppError('not_found', messages.notFound);
          jpeg = await sharp(data)
            .resize(SHARE_IMAGE.width, SHARE_IMAGE.height, { fit: 'cover', position: 'attention' })
            .jpeg({ quality: 82, mozjpeg: true })
            .toBuffer();
          if (shareImages.size >= SHARE_IMAGES_KEPT) shareImages.delete(shareImages.keys().next().value!);
          shareImages.set(row.storageKey, jpeg);
        }
        return reply.header('content-type', 'image/jpeg').send(jpeg);
      },
    );
  };

/**
 * The size link previews ask for (Open Graph's og:image: WhatsApp, Facebook, LinkedIn, X draw
 * 1.91:1), in JPEG, which every one of them reads (WebP is not read by all).
 */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;
const SHARE_IMAGES_KEPT = 64;
