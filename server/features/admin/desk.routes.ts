import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deskBookingPage, deskBookingResponse, deskCancelBody, deskQuery } from '#common/contracts/desk';
import { currentUser, requireRole } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';
import * as desk from './desk.service.ts';

const tags = ['operador: atendimento'];
const security = [{ bearer: [] }];
const params = z.object({ uuid: z.uuid() });

/** The operator's desk: find a booking, read it, cancel it (DESIGN §9). */
export const deskRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireRole('owner', 'admin'));

    app.get(
      '/fusion/bookings',
      {
        schema: {
          tags,
          security,
          summary:
            'Reservas, as mais novas primeiro; busca por nome, e-mail, CPF, sala, uuid da reserva ou o começo dele (8 ou mais caracteres, o código curto); filtros por situação, datas dos horários (dateInit, dateEnd) e pessoa (customer)',
          querystring: deskQuery,
          response: { 200: deskBookingPage },
        },
      },
      async (request) => desk.listBookings(s, request.query),
    );

    app.get(
      '/fusion/booking/:uuid',
      {
        schema: {
          tags,
          security,
          summary:
            'Uma reserva com horários, pagamento, reembolsos, os e-mails enviados sobre ela e o histórico',
          params,
          response: { 200: deskBookingResponse },
        },
      },
      async (request) => ({ data: await desk.bookingDetail(s, request.params.uuid) }),
    );

    app.post(
      '/fusion/booking/:uuid/cancel',
      {
        schema: {
          tags,
          security,
          summary:
            'Cancela a reserva pela operação (reembolso total dos horários pagos); o motivo vai para o registro de auditoria',
          params,
          body: deskCancelBody,
          response: { 200: deskBookingResponse },
        },
      },
      async (request) => {
        const data = await desk.cancelBooking(
          s,
          currentUser(request),
          request.params.uuid,
          request.body.reason,
        );
        request.log.info(
          { booking: request.params.uuid, operator: currentUser(request).uuid, reason: request.body.reason },
          'reserva cancelada pela operação',
        );
        return { data };
      },
    );
  };
