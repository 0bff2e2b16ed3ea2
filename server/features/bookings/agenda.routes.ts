import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarQuery,
  calendarResponse,
  manualBookingBody,
  manualBookingResponse,
} from '#common/contracts/agenda';
import { cancelResponse, partnerAppointmentSchema, statusUpdateBody } from '#common/contracts/booking';
import { marketDate } from '#common/contracts/dates';
import { pageMeta, pageQuery } from '#common/contracts/rooms';
import { availabilityResponse } from '#common/contracts/supply';
import { currentUser, requireRole } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';
import { partnerAgenda, partnerCalendar, updateStatus } from './agenda.service.ts';
import {
  cancelOutsideBooking,
  createOutsideBooking,
  outsideAvailability,
} from './outside-booking.service.ts';

const tags = ['agenda do parceiro'];
const security = [{ bearer: [] }];
const listResponse = z.object({ data: z.array(partnerAppointmentSchema), meta: pageMeta });
const anyOr = (v: string) => (v === 'todas' || v === 'todos' ? undefined : v);

/** Partner agenda (SPEC §7): by period and clinic, or by room; status changes. */
export const agendaRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireRole('partner'));

    app.get(
      '/partner/appointments/:dateInit/:dateEnd/:clinic',
      {
        schema: {
          tags,
          security,
          summary: 'Agendamentos das salas do parceiro num período ({clinic} = uuid ou "todas")',
          params: z.object({
            dateInit: marketDate('Data inicial inválida.'),
            dateEnd: marketDate('Data final inválida.'),
            clinic: z.union([z.literal('todas'), z.uuid()]),
          }),
          querystring: pageQuery.extend({ room: z.uuid().optional() }),
          response: { 200: listResponse },
        },
      },
      async (request) =>
        partnerAgenda(
          s,
          currentUser(request),
          {
            dateInit: request.params.dateInit,
            dateEnd: request.params.dateEnd,
            clinicUuid: anyOr(request.params.clinic),
            roomUuid: request.query.room,
          },
          request.query.page,
          request.query.per_page,
        ),
    );

    app.get(
      '/partner/appointment/:id/room/:roomId',
      {
        schema: {
          tags,
          security,
          summary: 'Agendamentos de uma sala ({id} = uuid da clínica)',
          params: z.object({ id: z.uuid(), roomId: z.uuid() }),
          querystring: pageQuery,
          response: { 200: listResponse },
        },
      },
      async (request) =>
        partnerAgenda(
          s,
          currentUser(request),
          { clinicUuid: request.params.id, roomUuid: request.params.roomId },
          request.query.page,
          request.query.per_page,
        ),
    );

    app.get(
      '/partner/calendar',
      {
        schema: {
          tags,
          security,
          summary:
            'Agenda em calendário: agendamentos e bloqueios de um período (até 42 dias), sem paginação',
          querystring: calendarQuery,
          response: { 200: calendarResponse },
        },
      },
      async (request) => ({ data: await partnerCalendar(s, currentUser(request), request.query) }),
    );

    app.post(
      '/partner/room/:roomId/manual-booking',
      {
        schema: {
          tags,
          security,
          summary: 'Registra uma reserva de fora da plataforma (sem pagamento) numa sala do parceiro',
          params: z.object({ roomId: z.uuid({ message: 'Sala não encontrada.' }) }),
          body: manualBookingBody,
          response: { 201: manualBookingResponse },
        },
      },
      async (request, reply) => {
        const data = await createOutsideBooking(s, currentUser(request), request.params.roomId, request.body);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/partner/room/:roomId/availability/:date',
      {
        schema: {
          tags,
          security,
          summary:
            'Horários de uma sala do parceiro num dia, como a reserva de fora os aceita (sem antecedência nem horizonte)',
          params: z.object({ roomId: z.uuid({ message: 'Sala não encontrada.' }), date: marketDate() }),
          response: { 200: availabilityResponse },
        },
      },
      async (request) => ({
        data: await outsideAvailability(s, currentUser(request), request.params.roomId, request.params.date),
      }),
    );

    app.post(
      '/partner/appointment/:id/status/update',
      {
        schema: {
          tags,
          security,
          summary: 'Muda a situação de um agendamento',
          params: z.object({ id: z.uuid() }),
          body: statusUpdateBody,
          response: { 200: cancelResponse },
        },
      },
      async (request) => ({
        data: request.body.whole_booking
          ? await cancelOutsideBooking(s, currentUser(request), request.params.id, request.body.date_time)
          : await updateStatus(s, currentUser(request), request.params.id, request.body),
      }),
    );
  };
