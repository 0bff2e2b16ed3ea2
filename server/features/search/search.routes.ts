import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkAvailabilityBody,
  bulkAvailabilityResponse,
  pageQuery,
  roomDetailResponse,
  roomPageResponse,
  searchBody,
  suggestionsQuery,
  suggestionsResponse,
} from '#common/contracts/rooms';
import type { Services } from '../../services.ts';
import { availabilityFor } from '../availability/availability.service.ts';
import { previewingPartner } from '../availability/room-viewer.ts';
import * as search from './search.service.ts';

const tags = ['salas'];

/** Browsing is open to visitors (DESIGN §4): search, a room's page, its availability. */
export const searchRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/customer/room/genericsearch',
      {
        schema: {
          tags,
          summary:
            'Busca de salas (texto sem acento, UF = estado, bairro, preço por hora, diferenciais, data com horários livres; fixadas primeiro, depois relevância, preço ou nome)',
          querystring: pageQuery,
          body: searchBody.nullish(),
          response: { 200: roomPageResponse },
        },
      },
      async (request) =>
        search.searchRooms(s, request.body ?? {}, request.query.page, request.query.per_page),
    );

    app.get(
      '/rooms/suggestions',
      {
        schema: {
          tags,
          summary: 'Sugestões da busca: estados, cidades, bairros e clínicas com salas publicadas',
          querystring: suggestionsQuery,
          response: { 200: suggestionsResponse },
        },
      },
      async (request, reply) => {
        // The same for everyone and slow to change: a minute in any cache spares the database.
        reply.header('Cache-Control', 'public, max-age=60');
        return { data: await search.suggestions(s, request.query.q) };
      },
    );

    app.get(
      '/rooms/:id',
      {
        schema: {
          tags,
          summary: 'Página pública de uma sala (o parceiro dono também lê o seu rascunho)',
          params: z.object({ id: z.uuid() }),
          response: { 200: roomDetailResponse },
        },
      },
      async (request, reply) => {
        const room = await search.roomDetail(s, request.params.id, previewingPartner(request));
        // A draft's preview is its partner's alone: no shared cache keeps it.
        if (room.preview) reply.header('Cache-Control', 'private, no-store');
        return { data: room };
      },
    );

    app.post(
      '/customer/room/:id/availability',
      {
        schema: {
          tags,
          summary: 'Horários de uma sala em várias datas de uma vez',
          params: z.object({ id: z.uuid() }),
          body: bulkAvailabilityBody,
          response: { 200: bulkAvailabilityResponse },
        },
      },
      async (request) => ({
        data: await availabilityFor(s, request.params.id, request.body.dateBulk, previewingPartner(request)),
      }),
    );
  };
