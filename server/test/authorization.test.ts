/**
 * The authorization matrix, walked from the server's own route table: every API route × visitor,
 * specialist, another specialist, partner, another partner and operator. A route missing from the
 * table below fails the test, so a new route has to say who may call it.
 *
 * For each route and person: a role that may not call it gets 401 (visitor) or 403; one that may
 * is not refused (its answer may be 2xx, 404 or 422 for the empty body sent — never 5xx); and a
 * path that names a user (`{partner}` in partner paths, `{id}` in card paths) answers 404 to
 * anyone but that user. Every partner route that names a clinic, room, block or appointment (in
 * its path, query or body) says so in the matrix, and answers 404 — not an empty answer — when the
 * partner names another partner's (DESIGN §10), each thing swapped alone; feature tests check the
 * same with more data (e.g. features/partners/ownership.test.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import type { Role } from '../db/schema.ts';
import { facilities } from '../db/schema.ts';
import { createTestContext, request, type TestContext } from './app.ts';
import { signedInAs } from './fixtures.ts';
import { matrix, type Owned, type Policy, type Refs, type Who } from './route-policies.ts';
import { createClinic, createRoom, openClinic } from './supply-fixtures.ts';

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
/** Path parameters that name a day, not a thing anyone owns. */
const DATES = new Set(['date', 'dateInit', 'dateEnd']);
/** Query and body fields that name a clinic or room. */
const NAMING = /^(clinic|room|coworking)(_?(uuid|id|Uuid|Id))?$/;

/** The field names of a route's query or body schema (zod objects, through pipes and unions). */
function fieldsOf(schema: unknown): string[] {
  const z = schema as
    | {
        shape?: Record<string, unknown>;
        _zod?: { def?: { type?: string; in?: unknown; options?: unknown[]; innerType?: unknown } };
      }
    | undefined;
  if (!z) return [];
  if (z.shape) return Object.keys(z.shape);
  const def = z._zod?.def;
  if (def?.type === 'pipe') return fieldsOf(def.in);
  if (def?.type === 'union') return (def.options ?? []).flatMap(fieldsOf);
  return def?.innerType ? fieldsOf(def.innerType) : [];
}

type Person = { token?: string; uuid?: string; role?: Who };
type Operation = { security?: Record<string, string[]>[] };
let t: TestContext;
let people: Record<'visitor' | 'customer' | 'customer2' | 'partner' | 'partner2' | 'operator', Person>;
/** The partner's own things, and another partner's. */
let mine: Refs;
let theirs: Refs;

/** A clinic with a room open every day, a block and an outside booking: what partner routes name. */
async function thingsOf(who: Person, facility: string): Promise<Refs> {
  const user = { uuid: who.uuid! };
  const clinic = await createClinic(t, user, who.token!);
  await openClinic(t, user, who.token!, clinic.uuid);
  const room = await createRoom(t, user, who.token!, clinic.uuid);
  const block = await request(t.app, {
    method: 'POST',
    url: '/api/partner/bulkblocking',
    token: who.token,
    payload: {
      room_uuid: [room.uuid],
      starts_at: '2030-01-07T13:00:00-03:00',
      ends_at: '2030-01-07T18:00:00-03:00',
    },
  });
  expect(block.statusCode, block.body).toBe(201);
  const booked = await request(t.app, {
    method: 'POST',
    url: `/api/partner/room/${room.uuid}/manual-booking`,
    token: who.token,
    payload: { date_times: ['2030-01-10T10:00:00-03:00'], customer_name: 'Pessoa de Fora' },
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const appointment = booked.json().data.appointments[0];
  // A review of the room, written straight to the table (the reviews' own suite makes them as a
  // specialist would).
  const [review] = await queryRows<{ uuid: string }>(
    t.db,
    sql`insert into reviews (booking_id, room_id, customer_id, rating)
        select b.id, b.room_id, b.customer_id, 5 from bookings b where b.uuid = ${booked.json().data.uuid}
        returning uuid`,
  );
  return {
    clinic: clinic.uuid,
    room: room.uuid,
    block: block.json().data[0].uuid,
    appointment: appointment.uuid,
    appointmentAt: appointment.date_time,
    review: review!.uuid,
    facility,
  };
}

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
  const [facility] = await t.db.insert(facilities).values({ name: 'Ar-condicionado' }).returning();
  mine = await thingsOf(people.partner, facility!.uuid);
  theirs = await thingsOf(people.partner2, facility!.uuid);
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

  it("answers 404 when a partner names another partner's clinic, room, block or appointment, on every partner route", async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const { method, url, schema } of t.app.routeTable) {
      const policy = matrix[`${method} ${url}`]!;
      if (!url.startsWith('/api/partner/') || !allowed(policy, 'partner')) continue;
      const scope = policy.scope;
      // Whatever a route names must be declared, so a new route cannot leave it unchecked.
      for (const [, name] of url.matchAll(/:([A-Za-z]+)/g))
        if (name !== policy.self && !DATES.has(name!) && !scope?.path?.[name!])
          failures.push(`${method} ${url}: :${name} sem o que nomeia (scope.path em route-policies.ts)`);
      for (const field of [...fieldsOf(schema?.querystring), ...fieldsOf(schema?.body)])
        if (NAMING.test(field) && !scope?.names?.length)
          failures.push(
            `${method} ${url}: o campo ${field} sem o que nomeia (scope.names em route-policies.ts)`,
          );
      if (!scope) continue;
      const kinds = new Set<Owned>([
        ...Object.values(scope.path ?? {}).filter((k): k is Owned => k !== 'facility'),
        ...(scope.names ?? []),
      ]);
      const call = (refs: Refs) =>
        request(t.app, {
          method: method as 'GET',
          url:
            url.replace(/:([A-Za-z]+)/g, (_, name: string) =>
              name === policy.self
                ? people.partner.uuid!
                : DATES.has(name)
                  ? sample[name]!
                  : refs[scope.path![name]!],
            ) + (scope.query ? `?${new URLSearchParams(scope.query(refs))}` : ''),
          token: people.partner.token,
          payload: scope.body?.(refs) ?? (method === 'GET' || method === 'DELETE' ? undefined : {}),
        });
      // The partner's own: a reading answers (so the 404 below is about the owner, not the request).
      if (method === 'GET') {
        const res = await call(mine);
        if (res.statusCode !== 200)
          failures.push(`${method} ${url} com o que é seu: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
      // Each thing of another partner in turn, the rest the caller's own.
      for (const kind of kinds) {
        const refs = {
          ...mine,
          [kind]: theirs[kind],
          ...(kind === 'appointment' ? { appointmentAt: theirs.appointmentAt } : {}),
        };
        const res = await call(refs);
        checked += 1;
        if (res.statusCode !== 404)
          failures.push(
            `${method} ${url} com ${kind} de outro parceiro: ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(30);
  }, 120_000);

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
