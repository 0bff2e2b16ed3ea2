import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../app.ts';

export const authRoutes =
  (_deps: Services): FastifyPluginAsyncZod =>
  async () => {};
