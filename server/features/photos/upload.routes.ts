import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_PHOTO_BYTES, photoListResponse, photoTypes, supplyMessages } from '#common/contracts/supply';
import { AppError } from '#common/errors';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { noContent } from '../../plugins/openapi.ts';
import type { Services } from '../../services.ts';
import * as photos from './photo.service.ts';

const tags = ['fotos'];
const security = [{ bearer: [] }];
export const MAX_FILES_PER_REQUEST = 10;
const type = z.enum(photoTypes, { message: 'Tipo de foto inválido.' });

/** Reads a multipart body: the text fields and every file, each within the size limit. */
async function readMultipart(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', supplyMessages.photoFailed, {
      errors: { photos: ['Envie as imagens como multipart/form-data.'] },
    });
  }
  const fields: Record<string, string> = {};
  const files: photos.UploadedFile[] = [];
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_PHOTO_BYTES, files: MAX_FILES_PER_REQUEST },
    })) {
      if (part.type === 'file')
        files.push({ filename: part.filename || 'imagem', data: await part.toBuffer() });
      else fields[part.fieldname] = String(part.value);
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('payload_too_large', supplyMessages.photoFailed, {
        errors: { photos: [supplyMessages.photoSize] },
      });
    }
    if (code === 'FST_FILES_LIMIT') {
      throw new AppError('validation', supplyMessages.photoFailed, {
        errors: { photos: [`Envie no máximo ${MAX_FILES_PER_REQUEST} imagens de uma vez.`] },
      });
    }
    throw new AppError('bad_request', supplyMessages.photoFailed, {
      errors: { photos: ['Envio incompleto ou corrompido.'] },
    });
  }
  return { fields, files };
}

const ownerFields = z.object({ type, uuid: z.uuid({ message: 'Dono da foto não encontrado.' }) });

function parseOwner(fields: Record<string, string>) {
  const parsed = ownerFields.safeParse(fields);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] = [issue.message];
    throw new AppError('validation', supplyMessages.photoFailed, { errors });
  }
  return parsed.data;
}

/** SPEC §7 Photos. Multipart bodies are documented here, not validated by a JSON schema. */
export const photoUploadRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireUser);

    const upload = async (request: FastifyRequest, ownerFrom?: { type: photos.PhotoType; uuid: string }) => {
      const { fields, files } = await readMultipart(request);
      const owner = ownerFrom ?? parseOwner(fields);
      return photos.addPhotos(s, currentUser(request), owner.type, owner.uuid, files);
    };

    app.post(
      '/photo/bulk',
      {
        schema: {
          tags,
          security,
          summary: 'Envia várias fotos (multipart: type, uuid, photos)',
          consumes: ['multipart/form-data'],
          response: { 201: photoListResponse },
        },
      },
      async (request, reply) => reply.code(201).send({ data: await upload(request) }),
    );

    app.post(
      '/photo',
      {
        schema: {
          tags,
          security,
          summary: 'Envia uma foto (multipart: type, uuid, photo)',
          consumes: ['multipart/form-data'],
          response: { 201: photoListResponse },
        },
      },
      async (request, reply) => reply.code(201).send({ data: await upload(request) }),
    );

    app.post(
      '/photos/:type/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Envia fotos de uma clínica, sala ou perfil (multipart: photos)',
          consumes: ['multipart/form-data'],
          params: z.object({ type, id: z.uuid() }),
          response: { 201: photoListResponse },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await upload(request, { type: request.params.type, uuid: request.params.id }) }),
    );

    app.delete(
      '/photo/:type/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Remove uma foto',
          params: z.object({ type, id: z.uuid() }),
          response: { 204: noContent },
        },
      },
      async (request, reply) => {
        await photos.deletePhoto(s, currentUser(request), request.params.type, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.put(
      '/photo/:id/cover',
      {
        schema: {
          tags,
          security,
          summary: 'Define a foto de capa',
          params: z.object({ id: z.uuid() }),
          response: { 200: photoListResponse },
        },
      },
      async (request) => ({ data: await photos.makeCover(s, currentUser(request), request.params.id) }),
    );
  };
