import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { photoListResponse, photoTypes, supplyMessages } from '#common/contracts/supply';
import { AppError } from '#common/errors';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { noContent } from '../../plugins/openapi.ts';
import type { Services } from '../../services.ts';
import type { UserRow } from '../auth/user.repository.ts';
import * as photos from './photo.service.ts';
import { readUpload, type TextFields } from './read-upload.ts';

const tags = ['fotos'];
const security = [{ bearer: [] }];
const type = z.enum(photoTypes, { message: 'Tipo de foto inválido.' });

const ownerFields = z.object({ type, uuid: z.uuid({ message: 'Dono da foto não encontrado.' }) });

/** type and uuid from the text fields that came before the first file. */
function parseOwner(fields: TextFields) {
  const parsed = ownerFields.safeParse(fields);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      errors[name] = [
        fields[name] === undefined ? `Envie o campo ${name} antes das imagens.` : issue.message,
      ];
    }
    throw new AppError('validation', supplyMessages.photoFailed, { errors });
  }
  return parsed.data;
}

/** SPEC §7 Photos. Multipart bodies are documented here, not validated by a JSON schema. */
export const photoUploadRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireUser);

    /** Owner in the multipart fields: checked when the first file starts, before it is read. */
    const targetFromFields = (user: UserRow) => async (fields: TextFields) => {
      const owner = parseOwner(fields);
      return photos.resolveTarget(s, user, owner.type, owner.uuid);
    };
    const uploadByFields = async (request: FastifyRequest) => {
      const user = currentUser(request);
      const { target, images } = await readUpload(request, targetFromFields(user));
      return photos.addPhotos(s, user, target, images);
    };

    app.post(
      '/photo/bulk',
      {
        schema: {
          tags,
          security,
          summary: 'Envia várias fotos (multipart: type e uuid antes de photos)',
          consumes: ['multipart/form-data'],
          response: { 201: photoListResponse },
        },
      },
      async (request, reply) => reply.code(201).send({ data: await uploadByFields(request) }),
    );

    app.post(
      '/photo',
      {
        schema: {
          tags,
          security,
          summary: 'Envia uma foto (multipart: type e uuid antes de photo)',
          consumes: ['multipart/form-data'],
          response: { 201: photoListResponse },
        },
      },
      async (request, reply) => reply.code(201).send({ data: await uploadByFields(request) }),
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
      async (request, reply) => {
        const user = currentUser(request);
        // The owner is in the path: checked before a byte of the body is read (a refused body is
        // thrown away by Node as it arrives).
        const target = await photos.resolveTarget(s, user, request.params.type, request.params.id);
        const { images } = await readUpload(request, async () => target);
        return reply.code(201).send({ data: await photos.addPhotos(s, user, target, images) });
      },
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
