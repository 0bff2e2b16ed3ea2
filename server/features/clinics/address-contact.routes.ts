import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressInput } from '#common/contracts/auth';
import { addressBody, addressResponse, contactBody, contactResponse } from '#common/contracts/supply';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { noContent } from '../../plugins/openapi.ts';
import type { Services } from '../../services.ts';
import * as service from './address-contact.service.ts';

const tags = ['endereços e contatos'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });

export const addressContactRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireUser);

    app.post(
      '/address',
      {
        schema: {
          tags,
          security,
          summary: 'Cria um endereço (do usuário ou de uma clínica sua)',
          body: addressBody,
          response: { 201: addressResponse },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await service.createAddress(s, currentUser(request), request.body, request.log) }),
    );

    app.put(
      '/address/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Altera um endereço seu',
          params: idParams,
          body: addressInput,
          response: { 200: addressResponse },
        },
      },
      async (request) => ({
        data: await service.updateAddress(
          s,
          currentUser(request),
          request.params.id,
          request.body,
          request.log,
        ),
      }),
    );

    app.get(
      '/address/:id/search',
      {
        schema: {
          tags,
          security,
          summary: 'Um endereço seu',
          params: idParams,
          response: { 200: addressResponse },
        },
      },
      async (request) => ({ data: await service.getAddress(s, currentUser(request), request.params.id) }),
    );

    app.post(
      '/contact',
      {
        schema: {
          tags,
          security,
          summary: 'Cria um telefone (seu ou de uma clínica sua)',
          body: contactBody,
          response: { 201: contactResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await service.createContact(s, currentUser(request), request.body) }),
    );

    app.put(
      '/contact/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Altera um telefone seu',
          params: idParams,
          body: contactBody,
          response: { 200: contactResponse },
        },
      },
      async (request) => ({
        data: await service.updateContact(s, currentUser(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/contact/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Remove um telefone seu',
          params: idParams,
          response: { 204: noContent },
        },
      },
      async (request, reply) => {
        await service.deleteContact(s, currentUser(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
