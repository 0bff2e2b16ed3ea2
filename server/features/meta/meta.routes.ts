import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, publicConfigSchema } from '#common/contracts/meta';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';

export const metaRoutes =
  (deps: { db: Db; config: Config }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      { schema: { tags: ['meta'], summary: 'Saúde do serviço', response: { 200: healthSchema } } },
      async () => {
        await deps.db.execute(sql`select 1`);
        return { status: 'ok' as const };
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
