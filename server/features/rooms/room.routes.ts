import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockConflictResponse,
  blockListResponse,
  bulkBlockingBody,
  publishRefusalResponse,
  roomBody,
  roomListResponse,
  roomResponse,
  weekHoursBody,
  weekHoursResponse,
} from '#common/contracts/supply';
import { currentUser, currentUserNamed, requireRole, requireSelf } from '../../plugins/auth.ts';
import { noContent } from '../../plugins/openapi.ts';
import type { Services } from '../../services.ts';
import * as rooms from './room.service.ts';

const tags = ['salas'];
const security = [{ bearer: [] }];
const clinicRoomsParams = z.object({ partner: z.uuid(), clinic: z.uuid() });
const clinicRoomParams = clinicRoomsParams.extend({ room: z.uuid() });
const idParams = z.object({ id: z.uuid() });
const facilityParams = z.object({ roomId: z.uuid(), facilityId: z.uuid() });

/** SPEC §7 Rooms, room hours, facilities and blocked schedules; partners only, on their own rooms. */
export const roomRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireRole('partner'));
    app.addHook('preValidation', requireSelf('partner'));
    const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

    app.get(
      '/partner/rooms',
      {
        schema: {
          tags,
          security,
          summary: 'Todas as salas do parceiro',
          response: { 200: roomListResponse },
        },
      },
      async (request) => ({ data: await rooms.listRooms(s, me(request)) }),
    );

    app.get(
      '/partner/roomsbycoworking/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Salas de uma clínica',
          params: idParams,
          response: { 200: roomListResponse },
        },
      },
      async (request) => ({ data: await rooms.listRooms(s, me(request), request.params.id) }),
    );

    app.get(
      '/partner/:partner/coworking/:clinic/room',
      {
        schema: {
          tags,
          security,
          summary: 'Salas de uma clínica',
          params: clinicRoomsParams,
          response: { 200: roomListResponse },
        },
      },
      async (request) => {
        const partner = currentUserNamed(request, request.params.partner);
        return { data: await rooms.listRooms(s, partner.id, request.params.clinic) };
      },
    );

    app.post(
      '/partner/:partner/coworking/:clinic/room',
      {
        schema: {
          tags,
          security,
          summary: 'Cria uma sala',
          params: clinicRoomsParams,
          body: roomBody,
          response: { 201: roomResponse },
        },
      },
      async (request, reply) => {
        const partner = currentUserNamed(request, request.params.partner);
        return reply
          .code(201)
          .send({ data: await rooms.createRoom(s, partner.id, request.params.clinic, request.body) });
      },
    );

    app.put(
      '/partner/:partner/coworking/:clinic/room/:room',
      {
        schema: {
          tags,
          security,
          summary: 'Altera uma sala',
          params: clinicRoomParams,
          body: roomBody,
          response: { 200: roomResponse },
        },
      },
      async (request) => {
        const { partner, clinic, room } = request.params;
        return {
          data: await rooms.updateRoom(s, currentUserNamed(request, partner).id, clinic, room, request.body),
        };
      },
    );

    app.delete(
      '/partner/:partner/coworking/:clinic/room/:room',
      {
        schema: {
          tags,
          security,
          summary: 'Exclui uma sala sem agendamentos',
          params: clinicRoomParams,
          response: { 204: noContent },
        },
      },
      async (request, reply) => {
        const { partner, clinic, room } = request.params;
        await rooms.deleteRoom(s, currentUserNamed(request, partner).id, clinic, room);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/partner/room/:id',
      { schema: { tags, security, summary: 'Uma sala', params: idParams, response: { 200: roomResponse } } },
      async (request) => ({ data: await rooms.getRoom(s, me(request), request.params.id) }),
    );

    app.post(
      '/partner/room/:id/publish',
      {
        schema: {
          tags,
          security,
          summary:
            'Publica a sala: foto, horário, preço, descrição e parceiro aprovado; 422 lista o que falta',
          params: idParams,
          response: { 200: roomResponse, 422: publishRefusalResponse },
        },
      },
      async (request) => ({ data: await rooms.publishRoom(s, me(request), request.params.id) }),
    );

    app.post(
      '/partner/room/:id/unpublish',
      {
        schema: {
          tags,
          security,
          summary: 'Volta a sala a rascunho: sai da busca e da página pública',
          params: idParams,
          response: { 200: roomResponse },
        },
      },
      async (request) => ({ data: await rooms.unpublishRoom(s, me(request), request.params.id) }),
    );

    app.post(
      '/partner/operatinghour/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Substitui o horário semanal da sala (vazio = horário da clínica)',
          params: idParams,
          body: weekHoursBody,
          response: { 200: weekHoursResponse },
        },
      },
      async (request) => ({
        data: await rooms.setRoomHours(s, me(request), request.params.id, request.body.hours),
      }),
    );

    app.post(
      '/partner/room/:roomId/facility/:facilityId',
      {
        schema: {
          tags,
          security,
          summary: 'Adiciona um diferencial à sala',
          params: facilityParams,
          response: { 200: roomResponse },
        },
      },
      async (request) => ({
        data: await rooms.setFacility(s, me(request), request.params.roomId, request.params.facilityId, true),
      }),
    );

    app.delete(
      '/partner/room/:roomId/facility/:facilityId',
      {
        schema: {
          tags,
          security,
          summary: 'Remove um diferencial da sala',
          params: facilityParams,
          response: { 200: roomResponse },
        },
      },
      async (request) => ({
        data: await rooms.setFacility(
          s,
          me(request),
          request.params.roomId,
          request.params.facilityId,
          false,
        ),
      }),
    );

    app.post(
      '/partner/bulkblocking',
      {
        schema: {
          tags,
          security,
          summary: 'Bloqueia uma ou várias salas no mesmo intervalo',
          body: bulkBlockingBody,
          response: { 201: blockListResponse, 409: blockConflictResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await rooms.blockRooms(s, me(request), request.body) }),
    );

    app.get(
      '/partner/blockedschedule/room/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Bloqueios de uma sala',
          params: idParams,
          response: { 200: blockListResponse },
        },
      },
      async (request) => ({ data: await rooms.listBlocks(s, me(request), request.params.id) }),
    );

    app.delete(
      '/partner/deleteblockedschedule/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Remove um bloqueio',
          params: idParams,
          response: { 204: noContent },
        },
      },
      async (request, reply) => {
        await rooms.deleteBlock(s, me(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
