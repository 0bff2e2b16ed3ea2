/**
 * The authorization matrix, walked from the server's own route table: every API route × visitor,
 * specialist, another specialist, partner, another partner and operator. A route missing from the
 * table below fails the test, so a new route has to say who may call it.
 *
 * For each route and person: a role that may not call it gets 401 (visitor) or 403; one that may
 * is not refused (its answer may be 2xx, 404 or 422 for the empty body sent — never 5xx); and a
 * path that names a user (`{partner}` in partner paths, `{id}` in card paths) answers 404 to
 * anyone but that user. Resource ownership (another partner's clinic, room, block...) is tested
 * feature by feature with real data (e.g. features/partners/ownership.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../db/schema.ts';
import { createTestContext, request, type TestContext } from './app.ts';
import { signedInAs } from './fixtures.ts';
import { matrix, type Policy, type Who } from './route-policies.ts';

/** A harmless value for each path parameter (a made-up uuid where a thing is named). */
const sample: Record<string, string> = {
  date: '2030-01-07',
  dateInit: '2030-01-01',
  dateEnd: '2030-01-31',
  clinic: '00000000-0000-4000-8000-000000000001',
  type: 'room',
  role: 'customer',
  x: 'todos',
  email: 'ninguem@salas.test',
  file: `${'a'.repeat(43)}.ics`,
};
const ghost = '00000000-0000-4000-8000-00000000dead';

type Person = { token?: string; uuid?: string; role?: Who };
type Operation = { security?: Record<string, string[]>[] };
let t: TestContext;
let people: Record<'visitor' | 'customer' | 'customer2' | 'partner' | 'partner2' | 'operator', Person>;

beforeAll(async () => {
  t = await createTestContext();
  const as = async (role: Role, who: Who) => {
    const s = await signedInAs(t, role);
    return { token: s.token, uuid: s.user.uuid, role: who };
  };
  people = {
    visitor: { role: 'visitor' },
    customer: await as('customer', 'customer'),
    customer2: await as('customer', 'customer'),
    partner: await as('partner', 'partner'),
    partner2: await as('partner', 'partner'),
    operator: await as('owner', 'operator'),
  };
}, 60_000);
afterAll(() => t.close());

const allowed = (policy: Policy, who: Who) =>
  policy.allow === 'public' ||
  (policy.allow === 'user' ? who !== 'visitor' : (policy.allow as Who[]).includes(who));

function urlFor(route: string, selfUuid: string | undefined, policy: Policy) {
  return route.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    name === policy.self ? (selfUuid ?? ghost) : (sample[name] ?? ghost),
  );
}

describe('authorization matrix', () => {
  it('names every route of the server, and no route that is gone', () => {
    const routes = t.app.routeTable.map((r) => `${r.method} ${r.url}`);
    expect(
      routes.filter((r) => !(r in matrix)),
      'rotas sem política na matriz',
    ).toEqual([]);
    expect(
      Object.keys(matrix).filter((r) => !routes.includes(r)),
      'políticas sem rota',
    ).toEqual([]);
  });

  it('refuses every role that may not call a route, and never answers 5xx', async () => {
    const failures: string[] = [];
    for (const { method, url } of t.app.routeTable) {
      const key = `${method} ${url}`;
      const policy = matrix[key]!;
      if (key === 'GET /api/logout') continue; // would end the sessions the matrix uses; below
      for (const [name, person] of Object.entries(people)) {
        const who = person.role!;
        const path = urlFor(url, person.uuid, policy);
        const res = await request(t.app, {
          method: method as 'GET',
          url: path,
          token: person.token,
          payload: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        const status = res.statusCode;
        const expected = policy.signed
          ? [401]
          : allowed(policy, who)
            ? null
            : [who === 'visitor' ? 401 : 403];
        if (status >= 500) failures.push(`${key} como ${name}: ${status}`);
        else if (expected && !expected.includes(status))
          failures.push(`${key} como ${name}: ${status}, esperado ${expected}`);
        else if (!expected && (status === 401 || status === 403))
          failures.push(`${key} como ${name}: ${status}, deveria poder chamar`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers 404 when a path names another user, for every route that names its caller', async () => {
    const failures: string[] = [];
    for (const { method, url } of t.app.routeTable) {
      const policy = matrix[`${method} ${url}`]!;
      if (!policy.self) continue;
      for (const [caller, named] of [
        ['customer', 'customer2'],
        ['partner', 'partner2'],
      ] as const) {
        if (!allowed(policy, caller)) continue;
        const res = await request(t.app, {
          method: method as 'GET',
          url: urlFor(url, people[named].uuid, policy),
          token: people[caller].token,
          payload: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        if (res.statusCode !== 404)
          failures.push(`${method} ${url}: ${caller} nomeando ${named} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('documents a bearer token on exactly the routes that answer 401 without one', async () => {
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, Operation>> }).paths;
    const failures: string[] = [];
    for (const { method, url } of t.app.routeTable) {
      const key = `${method} ${url}`;
      const policy = matrix[key]!;
      const op = paths[url.replace(/:([A-Za-z]+)/g, '{$1}')]?.[method.toLowerCase()];
      if (!op) {
        failures.push(`${key}: fora do documento`);
        continue;
      }
      const documented = (op.security ?? []).some((r) => 'bearer' in r);
      // The webhook's credential is its signature (documented in its summary), not a session.
      const needsToken = policy.allow !== 'public' && !policy.signed;
      if (documented !== needsToken)
        failures.push(`${key}: documentado ${documented ? 'com' : 'sem'} token, política ${policy.allow}`);
      if (key === 'GET /api/logout') continue;
      const res = await request(t.app, {
        method: method as 'GET',
        url: urlFor(url, undefined, policy),
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      if ((res.statusCode === 401) !== (needsToken || Boolean(policy.signed)))
        failures.push(`${key}: sem token → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('logs out only a signed-in caller', async () => {
    expect((await request(t.app, { method: 'GET', url: '/api/logout' })).statusCode).toBe(401);
    const someone = await signedInAs(t, 'customer');
    expect(
      (await request(t.app, { method: 'GET', url: '/api/logout', token: someone.token })).statusCode,
    ).toBeLessThan(300);
    expect((await request(t.app, { method: 'GET', url: '/api/user', token: someone.token })).statusCode).toBe(
      401,
    );
  });
});
