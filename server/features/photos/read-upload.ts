/**
 * Reads a photo upload's multipart stream, refusing as early as the stream allows: the owner is
 * checked when the first file starts (before its bytes are read), each file's header as soon as the
 * file is in, the pixel budget file by file. A refused upload's unread rest is thrown away as it
 * arrives: nothing more is kept, and the connection stays usable.
 */
import type { FastifyRequest } from 'fastify';
import { MAX_PHOTO_BYTES, supplyMessages } from '#common/contracts/supply';
import { AppError } from '#common/errors';
import { assertMayTakeAnotherFile, type PhotoTarget } from './photo.service.ts';
import { type CheckedImage, inspectImage, MAX_FILES_PER_REQUEST, pixelBudget } from './upload.ts';

export type TextFields = Record<string, string>;

const refused = (code: 'validation' | 'payload_too_large' | 'bad_request', reason: string) =>
  new AppError(code, supplyMessages.photoFailed, { errors: { photos: [reason] } });

/** The multipart library's errors in the SPEC's photo error. */
function asPhotoError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return refused('payload_too_large', supplyMessages.photoSize);
  if (code === 'FST_FILES_LIMIT') {
    return refused('validation', `Envie no máximo ${MAX_FILES_PER_REQUEST} imagens de uma vez.`);
  }
  return refused('bad_request', 'Envio incompleto ou corrompido.');
}

/**
 * Stops feeding the parser and lets the rest of the body flow to nowhere. Left piped, the parser
 * would wait for someone to read the current file, the socket would stop, and the client would
 * hang with its answer unread.
 */
function discardRest(request: FastifyRequest): void {
  request.raw.unpipe();
  request.raw.resume();
}

/**
 * `targetOf` says whose photos these are from the text fields read so far; it is called once,
 * when the first file starts (or at the end when there is none), so the text fields must come
 * before the files, as a browser's FormData sends them in the order they were appended.
 */
export async function readUpload(
  request: FastifyRequest,
  targetOf: (fields: TextFields) => Promise<PhotoTarget>,
): Promise<{ target: PhotoTarget; images: CheckedImage[] }> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', supplyMessages.photoFailed, {
      errors: { photos: ['Envie as imagens como multipart/form-data.'] },
    });
  }
  const fields: TextFields = {};
  const images: CheckedImage[] = [];
  const withinBudget = pixelBudget();
  let target: PhotoTarget | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_PHOTO_BYTES, files: MAX_FILES_PER_REQUEST },
    })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      target ??= await targetOf(fields);
      assertMayTakeAnotherFile(target, images.length);
      const data = await part.toBuffer();
      images.push(withinBudget(await inspectImage(data, part.filename || 'imagem')));
    }
  } catch (err) {
    discardRest(request);
    throw asPhotoError(err);
  }
  target ??= await targetOf(fields);
  return { target, images };
}
