import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentsQueryBody,
  bookingBody,
  bookingResponse,
  cancelResponse,
  cardListResponse,
  cardResponse,
  cardSaveBodyAt,
  myAppointmentSchema,
} from '#common/contracts/booking';
import { pageMeta, pageQuery } from '#common/contracts/rooms';
import { currentUser, currentUserNamed, requireRole, requireSelf } from '../../plugins/auth.ts';
import { noContent } from '../../plugins/openapi.ts';
import type { Services } from '../../services.ts';
import { cancelMyAppointment, listMyAppointments } from './appointment.service.ts';
import { createBooking } from './booking.service.ts';
import * as cards from './card.service.ts';
import { customerBookingRoutes } from './customer-booking.routes.ts';

const tags = ['reservas'];
const security = [{ bearer: [] }];

/** /api/customer/*: specialists and partners (partners may book). */
export const bookingRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireRole('customer', 'partner'));

    app.get(
      '/customer/card/:id',
      {
        preValidation: requireSelf('id'),
        schema: {
          tags,
          security,
          summary: 'Cartões salvos do usuário',
          params: z.object({ id: z.uuid() }),
          response: { 200: cardListResponse },
        },
      },
      async (request) => ({ data: await cards.listCards(s, currentUserNamed(request, request.params.id)) }),
    );

    app.post(
      '/customer/:id/card',
      {
        preValidation: requireSelf('id'),
        schema: {
          tags,
          security,
          summary: 'Salva um cartão (tokenizado; o número não é guardado)',
          params: z.object({ id: z.uuid() }),
          body: cardSaveBodyAt(s.clock),
          response: { 201: cardResponse },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await cards.addCard(s, currentUserNamed(request, request.params.id), request.body) }),
    );

    app.delete(
      '/customer/:id/card',
      {
        schema: {
          tags,
          security,
          summary: 'Remove um cartão salvo ({id} = uuid do cartão)',
          params: z.object({ id: z.uuid() }),
          response: { 204: noContent },
        },
      },
      async (request, reply) => {
        await cards.removeCard(s, currentUser(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/customer/:id/card/:cardId',
      {
        preValidation: requireSelf('id'),
        schema: {
          tags,
          security,
          summary: 'Torna um cartão o padrão',
          params: z.object({ id: z.uuid(), cardId: z.uuid() }),
          response: { 200: cardListResponse },
        },
      },
      async (request) => ({
        data: await cards.makeDefault(s, currentUserNamed(request, request.params.id), request.params.cardId),
      }),
    );

    app.post(
      '/customer/appointment/bulk',
      {
        schema: {
          tags,
          security,
          summary: 'Reserva um ou vários horários (todos ou nenhum) com cartão ou Pix',
          body: bookingBody,
          response: { 201: bookingResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await createBooking(s, currentUser(request), request.body) }),
    );

    app.post(
      '/customer/appointments',
      {
        schema: {
          tags,
          security,
          summary: 'Meus agendamentos, por período',
          querystring: pageQuery,
          body: appointmentsQueryBody.nullish(),
          response: { 200: z.object({ data: z.array(myAppointmentSchema), meta: pageMeta }) },
        },
      },
      async (request) =>
        listMyAppointments(
          s,
          currentUser(request),
          request.body ?? {},
          request.query.page,
          request.query.per_page,
        ),
    );

    app.post(
      '/customer/appointment/:id/cancel',
      {
        schema: {
          tags,
          security,
          summary: 'Cancela um agendamento futuro (reembolso integral até 24 h antes)',
          params: z.object({ id: z.uuid() }),
          response: { 200: cancelResponse },
        },
      },
      async (request) => ({ data: await cancelMyAppointment(s, currentUser(request), request.params.id) }),
    );

    // One booking with its hours, payment and refunds; "Meus agendamentos" by booking (decision 0037).
    customerBookingRoutes(app, s);
  };
