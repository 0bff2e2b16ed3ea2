/**
 * A malformed path parameter: a date of the marketplace (the mark in common/contracts/dates.ts) is
 * bad input, 422 with the date's message; anything else names nothing, 404. The schema decides, not
 * the parameter's name.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { type FastifyPluginAsyncZod, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { marketDate, marketInstant, outOfRangeMessage } from '#common/contracts/dates';
import { messages } from '#common/errors';
import { registerErrorHandling } from './errors.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const routes: FastifyPluginAsyncZod = async (api) => {
    const answer = async () => ({ ok: true });
    // Named like a date, but a uuid: malformed, it names nothing.
    api.get('/named/:date', { schema: { params: z.object({ date: z.uuid() }) } }, answer);
    // Named like anything, but a marketplace date (or instant): malformed, it is bad input.
    api.get(
      '/day/:room/:when',
      { schema: { params: z.object({ room: z.uuid(), when: marketDate() }) } },
      answer,
    );
    api.get('/at/:when', { schema: { params: z.object({ when: marketInstant() }) } }, answer);
  };
  await app.register(routes);
});
afterAll(() => app.close());

const room = '00000000-0000-4000-8000-00000000beef';
const get = (url: string) => app.inject({ method: 'GET', url });

describe('a malformed path parameter', () => {
  it('is 422 with the message when the schema is a marketplace date or instant, whatever its name', async () => {
    for (const [url, message] of [
      [`/day/${room}/2026-02-30`, 'Data inválida: use aaaa-mm-dd.'],
      [`/day/${room}/1999-12-31`, outOfRangeMessage],
      ['/at/ontem', 'Data e hora inválidas (ISO 8601 com fuso).'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(422);
      const body = res.json() as { message: string; errors: Record<string, string[]> };
      expect(body.message, url).toBe(message);
      expect(Object.keys(body.errors), url).toEqual(['when']);
      expect(body.errors.when![0], url).toBe(message);
    }
    expect((await get(`/day/${room}/2030-01-07`)).statusCode).toBe(200);
  });

  it('is 404 for any other schema, also one named like a date, and when a date is wrong beside it', async () => {
    for (const url of ['/named/2026-02-30', '/day/sala/2030-01-07', '/day/sala/2026-02-30']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: messages.notFound });
    }
  });
});
