import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedDate } from '#common/time/zone';
import { users } from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { bookByCard, createClinic, createRoom, openClinic, saveCard } from '../../test/supply-fixtures.ts';

let t: TestContext;
let partner: Awaited<ReturnType<typeof signedInAs>>;
let other: Awaited<ReturnType<typeof signedInAs>>;
let specialist: Awaited<ReturnType<typeof signedInAs>>;
let day: string;

beforeAll(async () => {
  t = await createTestContext();
  partner = await signedInAs(t, 'partner');
  other = await signedInAs(t, 'partner');
  specialist = await signedInAs(t, 'customer');
  const card = await saveCard(t, specialist.user, specialist.token);
  day = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 4);
  for (const [p, name] of [
    [partner, 'Sala Feed'],
    [other, 'Sala Alheia'],
  ] as const) {
    const clinic = await createClinic(t, p.user, p.token);
    await openClinic(t, p.user, p.token, clinic.uuid);
    const room = await createRoom(t, p.user, p.token, clinic.uuid, name);
    await bookByCard(t, specialist.token, room.uuid, card.uuid, [`${day}T10:00:00-03:00`]);
  }
  const canceled = (
    await request(t.app, { method: 'GET', url: '/api/partner/rooms', token: partner.token })
  ).json().data[0];
  const booking = await bookByCard(t, specialist.token, canceled.uuid, card.uuid, [`${day}T14:00:00-03:00`]);
  const res = await request(t.app, {
    method: 'POST',
    url: `/api/customer/appointment/${booking.appointments[0]!.uuid}/cancel`,
    token: specialist.token,
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

const feedPath = (url: string) => new URL(url).pathname;
const create = (who = partner) =>
  request(t.app, { method: 'POST', url: `/api/partner/${who.user.uuid}/ical`, token: who.token });

describe('partner iCal feed', () => {
  it('starts off, and a new link serves the agenda of the partner’s own rooms only', async () => {
    const status = await request(t.app, {
      method: 'GET',
      url: `/api/partner/${partner.user.uuid}/ical`,
      token: partner.token,
    });
    expect(status.json()).toEqual({ data: { active: false, url: null } });
    const created = await create();
    expect(created.statusCode, created.body).toBe(201);
    const { url } = created.json().data;
    expect(url).toMatch(/^http:\/\/localhost:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

    const feed = await request(t.app, { method: 'GET', url: feedPath(url) });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const body = feed.body;
    expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(body).toContain(`SUMMARY:Sala Feed — ${specialist.user.name}`);
    expect(body).not.toContain('Sala Alheia');
    expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(body).toContain('STATUS:CANCELLED');
    expect(body).toContain(
      `DTSTART:${new Date(`${day}T13:00:00Z`).toISOString().replace(/[-:]/g, '').replace('.000', '')}`,
    );
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const again = await request(t.app, {
      method: 'GET',
      url: `/api/partner/${partner.user.uuid}/ical`,
      token: partner.token,
    });
    expect(again.json()).toEqual({ data: { active: true, url: null } });
  });

  it('retires the old link when a new one is made, and stops when turned off', async () => {
    const first = (await create()).json().data.url;
    const second = (await create()).json().data.url;
    expect((await request(t.app, { method: 'GET', url: feedPath(first) })).statusCode).toBe(404);
    expect((await request(t.app, { method: 'GET', url: feedPath(second) })).statusCode).toBe(200);
    const off = await request(t.app, {
      method: 'DELETE',
      url: `/api/partner/${partner.user.uuid}/ical`,
      token: partner.token,
    });
    expect(off.json()).toEqual({ data: { active: false, url: null } });
    expect((await request(t.app, { method: 'GET', url: feedPath(second) })).statusCode).toBe(404);
  });

  it('answers 404 to made-up links and to a deactivated partner’s link', async () => {
    for (const file of ['nada.ics', `${'a'.repeat(43)}.ics`, '..%2F..%2Fetc%2Fpasswd', `${'x'.repeat(60)}`]) {
      const res = await request(t.app, { method: 'GET', url: `/api/calendar/${file}` });
      expect(res.statusCode, file).toBe(404);
      expect(res.json().message).toBeTruthy();
    }
    const url = (await create(other)).json().data.url;
    await t.db.update(users).set({ active: false }).where(eq(users.id, other.user.id));
    expect((await request(t.app, { method: 'GET', url: feedPath(url) })).statusCode).toBe(404);
    await t.db.update(users).set({ active: true }).where(eq(users.id, other.user.id));
  });

  it('keeps each partner to its own feed: 404 for another partner, 403 specialists, 401 visitors', async () => {
    const path = `/api/partner/${partner.user.uuid}/ical`;
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await request(t.app, { method, url: path, token: other.token })).statusCode).toBe(404);
      expect((await request(t.app, { method, url: path, token: specialist.token })).statusCode).toBe(403);
      expect((await request(t.app, { method, url: path })).statusCode).toBe(401);
    }
  });
});
