/**
 * Dates outside the marketplace's calendar (DESIGN §9 "Edges", common/contracts/dates.ts): year 1
 * and year 9999 on every route that takes a date or an instant answer 422 in Portuguese, as the
 * person the route accepts — never 500, and never a cut-short export. Runs on PGlite and on the
 * PostgreSQL of TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outOfRangeMessage } from '#common/contracts/dates';
import { createTestContext, request, type TestContext } from './app.ts';
import { signedInAs } from './fixtures.ts';

type Who = 'visitor' | 'customer' | 'partner' | 'operator';
type Case = { who: Who; method: 'GET' | 'POST'; url: (d: string) => string; body?: (d: string) => object };

const room = randomUUID();
const instant = (d: string) => `${d}T10:00:00-03:00`;
const dashboards = ['coworkingcount', 'frequentschedules', 'salesturnover', 'specialists', 'availableRooms'];

/** A POST of a period, both ends the same day. */
const period = (who: Who, url: string): Case => ({
  who,
  method: 'POST',
  url: () => url,
  body: (d) => ({ dateInit: d, dateEnd: d }),
});

const cases: Case[] = [
  {
    who: 'visitor',
    method: 'POST',
    url: () => '/api/customer/room/genericsearch',
    body: (d) => ({ date: d }),
  },
  { who: 'visitor', method: 'GET', url: (d) => `/api/customer/room/${room}/availability/${d}` },
  {
    who: 'visitor',
    method: 'POST',
    url: () => `/api/customer/room/${room}/availability`,
    body: (d) => ({ dateBulk: [d] }),
  },
  period('customer', '/api/customer/appointments'),
  {
    who: 'customer',
    method: 'POST',
    url: () => '/api/customer/appointment/bulk',
    body: (d) => ({ room_uuid: room, date_times: [instant(d)], payment_method: 'pix' }),
  },
  {
    who: 'customer',
    method: 'POST',
    url: () => '/api/customer/series/preview',
    body: (d) => ({ room_uuid: room, date_time: instant(d), minutes: 60, weeks: 4 }),
  },
  {
    who: 'customer',
    method: 'POST',
    url: () => '/api/customer/waitlist',
    body: (d) => ({ room_uuid: room, date: d, from: '10:00', to: '11:00' }),
  },
  { who: 'partner', method: 'GET', url: (d) => `/api/partner/appointments/${d}/${d}/todas` },
  {
    who: 'partner',
    method: 'POST',
    url: () => '/api/partner/bulkblocking',
    body: (d) => ({ room_uuid: [room], starts_at: instant(d), ends_at: instant(d).replace('T10', 'T11') }),
  },
  ...dashboards.map(
    (name): Case => ({
      who: 'partner',
      method: 'GET',
      url: (d) => `/api/partner/dashboard/${name}?dateInit=${d}&dateEnd=${d}`,
    }),
  ),
  ...dashboards.map(
    (name): Case => ({
      who: 'operator',
      method: 'GET',
      url: (d) => `/api/fusion/dashboard/${name}?dateInit=${d}&dateEnd=${d}`,
    }),
  ),
  period('operator', '/api/fusion/appointments'),
  period('operator', '/api/fusion/exportAppointments'),
  period('operator', '/api/fusion/exportFinance'),
];

let t: TestContext;
const tokens: Partial<Record<Who, string>> = {};

beforeAll(async () => {
  t = await createTestContext();
  tokens.customer = (await signedInAs(t, 'customer')).token;
  tokens.partner = (await signedInAs(t, 'partner')).token;
  tokens.operator = (await signedInAs(t, 'owner')).token;
});
afterAll(() => t?.close());

describe('dates outside 2000-01-01…2099-12-31', () => {
  for (const c of cases)
    for (const day of ['0001-01-01', '1999-12-31', '2100-01-01', '9999-12-31'])
      it(`${c.method} ${c.url(day)} as ${c.who} answers 422 in Portuguese`, async () => {
        const res = await request(t.app, {
          method: c.method,
          url: c.url(day),
          token: tokens[c.who],
          ...(c.body ? { payload: c.body(day) } : {}),
        });
        expect(res.statusCode, res.body).toBe(422);
        expect(res.headers['content-type']).toMatch(/json/);
        expect(res.body).toContain(outOfRangeMessage);
      });

  it('the first and the last day are inside', async () => {
    for (const day of ['2000-01-01', '2099-12-31']) {
      const res = await request(t.app, {
        method: 'POST',
        url: '/api/customer/room/genericsearch',
        payload: { date: day },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});
