/**
 * The per-request work a light call still does, each piece as cheap as it can be and no more:
 * security headers computed once, the XSRF cookie minted only where a client can need it, answers
 * serialized by functions compiled from the route schemas (bench/ceiling.mjs measures the cost).
 */
import fastJson from 'fast-json-stringify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, request, type TestContext } from '../test/app.ts';
import { signedInAs } from '../test/fixtures.ts';
import { securityHeaders } from './security-headers.ts';
import { compiledSerializerCompiler, jsonSchemaOf } from './serializer.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('XSRF cookie', () => {
  it('is minted for a visitor without one, and not again once the client holds it', async () => {
    const first = await request(t.app, { method: 'GET', url: '/api/config', xsrf: false });
    expect(String(first.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=[\w-]{32}; Path=\/; SameSite=Lax$/);
    const again = await request(t.app, { method: 'GET', url: '/api/config' });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('is not minted for a read carrying a bearer token, but is for a write refused without it', async () => {
    const { token } = await signedInAs(t, 'customer');
    const read = await request(t.app, { method: 'GET', url: '/api/user', token, xsrf: false });
    expect(read.statusCode).toBe(200);
    expect(read.headers['set-cookie']).toBeUndefined();
    const write = await request(t.app, {
      method: 'POST',
      url: '/api/user/password',
      token,
      xsrf: false,
      payload: {},
    });
    expect(write.statusCode).toBe(419);
    expect(String(write.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
  });
});

describe('security headers', () => {
  it('are the ones helmet sets, worked out once, on every answer', async () => {
    const expected = securityHeaders({
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    expect(expected['content-security-policy']).toMatch(/^default-src 'self';.*frame-ancestors 'none'/);
    expect(expected['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(expected['x-content-type-options']).toBe('nosniff');
    const res = await request(t.app, { method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBeUndefined(); // only in production
  });
});

describe('compiled serializers', () => {
  const schema = z.object({
    data: z.array(
      z.object({
        uuid: z.uuid(),
        name: z.string(),
        price_cents: z.number().int(),
        note: z.string().nullable(),
        photo: z.object({ url: z.string() }).nullable(),
        kind: z.enum(['card', 'pix']),
        tags: z.array(z.string()).optional(),
      }),
    ),
    total: z.number(),
  });
  const data = {
    data: [
      {
        uuid: '7f1d2c54-2b7e-4f33-9a55-0d7f3c1e9b10',
        name: 'Sala "Azul" — São Paulo\n',
        price_cents: 12_000,
        note: null,
        photo: { url: '/api/photo/1', secret: 'x' },
        kind: 'pix',
        internalId: 42,
      },
      {
        uuid: '0b9f3f1a-58d4-4a0e-8d7e-5a1c2b3d4e5f',
        name: 'Consultório 2',
        price_cents: 9_990,
        note: 'térreo',
        photo: null,
        kind: 'card',
        tags: ['maca'],
      },
    ],
    total: 2,
    leaked: 'nunca',
  };
  const route = { schema, method: 'GET', url: '/x', httpStatus: '200' } as never;

  it('write what zod writes, dropping every field the schema does not declare', () => {
    const zodJson = JSON.parse(compiledSerializerCompiler({ check: true })(route)(data));
    expect(zodJson.leaked).toBeUndefined();
    expect(zodJson.data[0].internalId).toBeUndefined();
    expect(zodJson.data[0].photo).toEqual({ url: '/api/photo/1' });
    const compiled = fastJson(jsonSchemaOf(schema) as object);
    expect(JSON.parse(compiled(data))).toEqual(zodJson);
  });

  it('keep zod where JSON Schema cannot say what a transform writes', () => {
    expect(jsonSchemaOf(z.object({ n: z.string().transform((v) => v.length) }))).toBeUndefined();
    const serialize = compiledSerializerCompiler({ check: false })({
      schema: z.object({ n: z.string().transform((v) => v.length) }),
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    } as never);
    expect(() => serialize({ n: 5 })).toThrow();
  });

  it('in check mode, refuse an answer the compiled function would write differently', () => {
    // A required field missing: zod refuses it; fast-json-stringify alone would also throw —
    // both must agree that it is an error, never write a partial answer.
    const serialize = compiledSerializerCompiler({ check: true })(route);
    expect(() => serialize({ data: [{ ...data.data[1], kind: 'boleto' }], total: 1 })).toThrow();
  });
});
