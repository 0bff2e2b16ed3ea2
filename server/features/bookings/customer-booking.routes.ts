import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerBookingCancelResponse,
  customerBookingResponse,
  myBookingSchema,
  myBookingsQuery,
} from '#common/contracts/booking';
import { pageMeta } from '#common/contracts/rooms';
import { currentUser } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';
import { cancelMyBooking } from './customer-booking.cancel.ts';
import { listMyBookings, myBooking } from './customer-booking.service.ts';

const tags = ['reservas'];
const security = [{ bearer: [] }];
const params = z.object({ uuid: z.uuid() });

/**
 * The specialist's own bookings (DESIGN §9, decision 0037), inside /api/customer/* (customers and
 * partners, each only their own: another person's booking answers 404).
 */
export function customerBookingRoutes(app: FastifyInstance, s: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/customer/bookings',
    {
      schema: {
        tags,
        security,
        summary: 'Meus agendamentos: uma linha por reserva (com seus horários) e uma por horário fixo',
        querystring: myBookingsQuery,
        response: { 200: z.object({ data: z.array(myBookingSchema), meta: pageMeta }) },
      },
    },
    async (request) => listMyBookings(s, currentUser(request), request.query),
  );

  api.get(
    '/customer/booking/:uuid',
    {
      schema: {
        tags,
        security,
        summary:
          'Uma reserva: sala, endereço da clínica, horários, pagamento (com o Pix enquanto pode ser pago) e reembolsos',
        params,
        response: { 200: customerBookingResponse },
      },
    },
    async (request) => ({ data: await myBooking(s, currentUser(request), request.params.uuid) }),
  );

  api.post(
    '/customer/booking/:uuid/cancel',
    {
      schema: {
        tags,
        security,
        summary:
          'Cancela a reserva: todos os horários que ainda podem ser cancelados (reembolso integral até 24 h antes de cada um)',
        params,
        response: { 200: customerBookingCancelResponse },
      },
    },
    async (request) => ({ data: await cancelMyBooking(s, currentUser(request), request.params.uuid) }),
  );
}
