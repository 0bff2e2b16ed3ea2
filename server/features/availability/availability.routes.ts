import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { marketDate } from '#common/contracts/dates';
import { availabilityResponse } from '#common/contracts/supply';
import type { Services } from '../../services.ts';
import { availabilityFor } from './availability.service.ts';
import { previewingPartner } from './room-viewer.ts';

const params = z.object({
  id: z.uuid(),
  date: marketDate(),
});

/** Open to visitors: browsing rooms needs no account (DESIGN §4). */
export const availabilityRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/customer/room/:id/availability/:date',
      {
        schema: {
          tags: ['salas'],
          summary: 'Horários de uma sala num dia (no fuso da clínica)',
          params,
          response: { 200: availabilityResponse },
        },
      },
      async (request) => {
        const [day] = await availabilityFor(
          s,
          request.params.id,
          [request.params.date],
          previewingPartner(request),
        );
        return { data: day! };
      },
    );
  };
