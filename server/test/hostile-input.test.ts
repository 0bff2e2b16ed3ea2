/**
 * Hostile input on every route, generated from its own zod contract and then broken: each field
 * of the body (and of the query) set to the wrong type, to a huge string or array, to unicode, NUL
 * bytes, SQL and HTML fragments, enormous and negative numbers, impossible dates; the body missing,
 * extra, nested or not an object at all; path parameters with traversal and garbage. Sent as a
 * person the route accepts. Nothing may answer 5xx, and every 4xx has the error shape of DESIGN §4
 * (`message`, and `errors` by field for 422).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestContext, request, type TestContext } from './app.ts';
import { signedInAs } from './fixtures.ts';
import { type FakeNominatim, startFakeNominatim } from './geocoder-fake.ts';
import { matrix } from './route-policies.ts';

const nasty: unknown[] = [
  null,
  true,
  -1,
  1e308,
  -Number.MAX_SAFE_INTEGER - 2,
  'x'.repeat(100_000),
  '',
  ' ',
  "' OR 1=1 --",
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  'ação 🚀 \u202e\u200b مرحبا',
  'a\u0000b',
  '2026-02-30',
  '9999-99-99T99:99:99Z',
  Array.from({ length: 5_000 }, () => 'x'),
  { $gt: '' },
  [[[[[[[[[[{}]]]]]]]]]],
];
const badParams = [
  '..%2F..%2Fetc%2Fpasswd',
  'null',
  '%00',
  "'%20OR%201=1",
  'a'.repeat(300),
  '-1',
  '%F0%9F%9A%80',
];

/** Field names of a zod object schema (through optional, effects and pipes), or none. */
function fields(schema: unknown): string[] {
  let s = schema as z.ZodType | undefined;
  for (let i = 0; i < 5 && s; i++) {
    const def = (
      s as unknown as { def?: { type?: string; innerType?: z.ZodType; in?: z.ZodType; schema?: z.ZodType } }
    ).def;
    if (def?.type === 'object')
      return Object.keys((s as unknown as { shape: Record<string, unknown> }).shape);
    s = def?.innerType ?? def?.in ?? def?.schema;
  }
  return [];
}

let t: TestContext;
let tokens: Record<string, string>;
let uuids: Record<string, string>;
/** The geocoder the product is given (off, GET /api/geocode answers 503 by design). */
let nominatim: FakeNominatim;

beforeAll(async () => {
  nominatim = await startFakeNominatim();
  t = await createTestContext({ GEOCODER_URL: nominatim.url });
  const c = await signedInAs(t, 'customer');
  const p = await signedInAs(t, 'partner');
  const o = await signedInAs(t, 'owner');
  tokens = { customer: c.token, partner: p.token, operator: o.token };
  uuids = { customer: c.user.uuid, partner: p.user.uuid, operator: o.user.uuid };
}, 60_000);
afterAll(async () => {
  await t.close();
  await nominatim.close();
});

function caller(url: string, method: string) {
  const policy = matrix[`${method} ${url}`]!;
  const allow = policy.allow;
  const role = allow === 'public' || allow === 'user' ? 'customer' : allow[0]!;
  return { role, token: allow === 'public' ? undefined : tokens[role], self: policy.self };
}

describe('hostile input', () => {
  it('never answers 5xx, and answers every refusal with the DESIGN §4 error shape', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const route of t.app.routeTable) {
      const { method, url, schema } = route;
      if (url === '/api/logout') continue;
      const who = caller(url, method);
      const path = (value?: string) =>
        url.replace(
          /:([A-Za-z]+)/g,
          (_, name: string) =>
            value ?? (name === who.self ? uuids[who.role]! : '00000000-0000-4000-8000-00000000beef'),
        );
      const bodies: unknown[] = [];
      const queries: string[] = [''];
      if (method !== 'GET' && method !== 'DELETE') {
        const names = fields(schema?.body);
        bodies.push(undefined, [], 'texto', 42, { extra: 'campo', __proto__: { admin: true } });
        for (const name of names) for (const value of nasty) bodies.push({ [name]: value });
        bodies.push(Object.fromEntries(names.map((n, i) => [n, nasty[i % nasty.length]])));
      }
      for (const name of fields(schema?.querystring))
        for (const value of ['-1', '1e400', 'abc', "' OR 1=1", '%00', 'x'.repeat(5000), '[]'])
          queries.push(`?${name}=${encodeURIComponent(value)}`);
      const attempts: { url: string; payload?: unknown }[] = [
        ...bodies.map((payload) => ({ url: path(), payload })),
        ...queries.slice(1).map((q) => ({ url: path() + q })),
        ...(url.includes(':') ? badParams.map((p) => ({ url: path(p) })) : []),
      ];
      if (attempts.length === 0) attempts.push({ url: path() });
      for (const attempt of attempts) {
        sent++;
        const raw = attempt.payload;
        const res = await request(t.app, {
          method: method as 'POST',
          url: attempt.url,
          token: who.token,
          payload: raw === undefined ? undefined : (raw as object),
        });
        const label = `${method} ${attempt.url.slice(0, 80)} ${JSON.stringify(raw)?.slice(0, 60)}`;
        if (res.statusCode >= 500) {
          failures.push(`${label} → ${res.statusCode} ${res.body.slice(0, 120)}`);
          continue;
        }
        if (res.statusCode >= 400) {
          const body = res.json() as { message?: unknown; errors?: unknown };
          if (typeof body.message !== 'string' || body.message.length === 0)
            failures.push(`${label} → ${res.statusCode} sem message`);
          if (res.statusCode === 422 && typeof body.errors !== 'object')
            failures.push(`${label} → 422 sem errors por campo`);
        }
      }
    }
    expect(sent).toBeGreaterThan(2_000);
    expect(failures).toEqual([]);
  }, 300_000);
});
