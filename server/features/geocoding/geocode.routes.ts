import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { geocodeQuery, geocodeResponse } from '#common/contracts/rooms';
import { AppError } from '#common/errors';
import type { Services } from '../../services.ts';
import { enforce, type ThrottleRule } from '../security/throttle.service.ts';
import { GeocodingUnavailable, geocodeTyped } from './geocode.service.ts';

/**
 * Per address, like the other public forms: a person types a few addresses a minute; more is a
 * script using us as a free geocoder (and the geocoder allows the whole product one a second).
 */
export const geocodePerIp: ThrottleRule = { action: 'geocode:ip', limit: 20, windowSeconds: 60 };

export const geocodeMessages = {
  notFound: 'Endereço não encontrado.',
  unavailable: 'A busca por endereço está indisponível no momento. Tente novamente em instantes.',
} as const;

/** "Near an address or a CEP" (DESIGN §10 "Where rooms are"): open to visitors, rate-limited. */
export const geocodeRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/geocode',
      {
        schema: {
          tags: ['salas'],
          summary:
            'Ponto de um endereço ou CEP, para buscar salas perto dele (404 quando não encontrado, 503 quando a geocodificação está desligada ou fora do ar)',
          querystring: geocodeQuery,
          response: { 200: geocodeResponse, 503: z.object({ message: z.string() }) },
        },
      },
      async (request, reply) => {
        await enforce(s.db, geocodePerIp, request.ip, s.clock());
        try {
          const found = await geocodeTyped(s, request.query.q);
          if (!found) throw new AppError('not_found', geocodeMessages.notFound);
          // The same answer for everyone for a while: a cache in front spares the geocoder.
          reply.header('Cache-Control', 'public, max-age=3600');
          return { data: found };
        } catch (err) {
          if (!(err instanceof GeocodingUnavailable)) throw err;
          request.log.warn({ err: err.cause ?? err }, 'geocodificação indisponível');
          return reply.code(503).header('Retry-After', '60').send({ message: geocodeMessages.unavailable });
        }
      },
    );
  };
