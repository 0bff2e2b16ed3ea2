import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { facilityListResponse } from '#common/contracts/supply';
import type { Services } from '../../services.ts';
import { listFacilities } from './room.service.ts';

/** The operator's facility list ("diferenciais"), readable by everyone: partners pick from it. */
export const facilityRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/facilities',
      {
        schema: {
          tags: ['salas'],
          summary: 'Diferenciais disponíveis',
          response: { 200: facilityListResponse },
        },
      },
      async () => ({ data: await listFacilities(s) }),
    );
  };
