import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, publicConfigSchema, unavailableSchema } from '#common/contracts/meta';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { databaseAnswers } from './health.repository.ts';

/** How long the readiness probe waits for the database (DESIGN §10 "Staying up"). */
export const READY_WITHIN_MS = 1_000;

export const metaRoutes =
  (deps: { db: Db; config: Config }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['meta'],
          summary: 'O processo está no ar (não consulta o banco de dados)',
          response: { 200: healthSchema },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return { status: 'ok' as const };
      },
    );

    app.get(
      '/health/ready',
      {
        schema: {
          tags: ['meta'],
          summary: 'Pronto para atender: o banco de dados responde em até 1 s (503 quando não)',
          response: { 200: healthSchema, 503: unavailableSchema },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'no-store');
        if (await databaseAnswers(deps.db, READY_WITHIN_MS)) return { status: 'ok' as const };
        return reply.code(503).send({ status: 'unavailable' as const });
      },
    );

    app.get(
      '/config',
      {
        schema: {
          tags: ['meta'],
          summary: 'Links públicos do produto',
          response: { 200: publicConfigSchema },
        },
      },
      async () => ({ data: deps.config.publicLinks }),
    );
  };
