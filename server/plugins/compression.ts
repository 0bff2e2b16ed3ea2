import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * JSON, HTML and other text answers above 1 KB go out compressed — brotli when the client takes
 * it, else gzip — with `Vary: Accept-Encoding`, so a shared cache never hands one encoding to a
 * client that asked for another. Brotli at quality 4: for answers made per request it compresses
 * close to gzip's best at a fraction of the CPU of brotli's default 11 (which the build uses for
 * the app's files, pre-compressed once). Images, spreadsheets and answers already encoded (the
 * pre-compressed assets) are left as they are. Request bodies are never decompressed.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Answers of this size are compressed in one call, with an exact Content-Length.
    syncThreshold: 256 * 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
