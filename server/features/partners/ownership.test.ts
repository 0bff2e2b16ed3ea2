/**
 * Ownership route by route (issue: partners reach only their own supply): another partner's uuid
 * answers 404; specialists get 403; visitors 401.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { createClinic, createRoom } from '../../test/supply-fixtures.ts';

let t: TestContext;
let owner: Awaited<ReturnType<typeof signedInAs>>;
let intruder: Awaited<ReturnType<typeof signedInAs>>;
let specialist: Awaited<ReturnType<typeof signedInAs>>;
let ids: {
  clinic: string;
  room: string;
  block: string;
  address: string;
  contact: string;
  photo: string;
  facility: string;
};

beforeAll(async () => {
  t = await createTestContext();
  owner = await signedInAs(t, 'partner');
  intruder = await signedInAs(t, 'partner');
  specialist = await signedInAs(t, 'customer');
  const clinic = await createClinic(t, owner.user, owner.token);
  const room = await createRoom(t, owner.user, owner.token, clinic.uuid);
  const as = (method: 'POST', url: string, payload: object) =>
    request(t.app, { method, url, payload, token: owner.token });
  const block = await as('POST', '/api/partner/bulkblocking', {
    room_uuid: [room.uuid],
    starts_at: '2027-01-05T13:00:00-03:00',
    ends_at: '2027-01-05T18:00:00-03:00',
  });
  const address = await as('POST', '/api/address', {
    clinic_uuid: clinic.uuid,
    zip_code: '01310100',
    street: 'Av. Paulista',
    number: '1',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
  });
  const contact = await as('POST', '/api/contact', {
    clinic_uuid: clinic.uuid,
    area_code: '11',
    number: '33334444',
  });
  const [facility] = await t.db.insert(schema.facilities).values({ name: 'Wi-Fi' }).returning();
  const [roomRow] = await t.db.select().from(schema.rooms).where(eq(schema.rooms.uuid, room.uuid));
  const photo = await t.db
    .insert(schema.photos)
    .values({
      type: 'room',
      roomId: roomRow!.id,
      storageKey: 'photos/x',
      mimeType: 'image/webp',
      width: 1,
      height: 1,
      bytes: 1,
    })
    .returning();
  ids = {
    clinic: clinic.uuid,
    room: room.uuid,
    block: block.json().data[0].uuid,
    address: address.json().data.uuid,
    contact: contact.json().data.uuid,
    photo: photo[0]!.uuid,
    facility: facility!.uuid,
  };
});
afterAll(() => t.close());

type Route = [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: (p: string) => string, body?: object];
const hours = { hours: [{ weekday: 1, opens_at: '08:00', closes_at: '12:00' }] };
const clinicBody = { name: 'Invasora', description: '' };
const roomBody = { name: 'Sala X', price_per_minute: '1' };

const partnerRoutes = (): Route[] => [
  ['GET', (p) => `/api/partner/${p}/coworking/${ids.clinic}`],
  ['PUT', (p) => `/api/partner/${p}/coworking/${ids.clinic}`, clinicBody],
  ['DELETE', (p) => `/api/partner/${p}/coworking/${ids.clinic}`],
  ['GET', (p) => `/api/partner/${p}/coworking/${ids.clinic}/opening-hour`],
  ['POST', (p) => `/api/partner/${p}/coworking/${ids.clinic}/opening-hour`, hours],
  ['GET', (p) => `/api/partner/${p}/coworking/${ids.clinic}/room`],
  ['POST', (p) => `/api/partner/${p}/coworking/${ids.clinic}/room`, roomBody],
  ['PUT', (p) => `/api/partner/${p}/coworking/${ids.clinic}/room/${ids.room}`, roomBody],
  ['DELETE', (p) => `/api/partner/${p}/coworking/${ids.clinic}/room/${ids.room}`],
  ['GET', () => `/api/partner/roomsbycoworking/${ids.clinic}`],
  ['GET', () => `/api/partner/room/${ids.room}`],
  ['POST', () => `/api/partner/operatinghour/${ids.room}`, hours],
  ['POST', () => `/api/partner/room/${ids.room}/facility/${ids.facility}`],
  ['DELETE', () => `/api/partner/room/${ids.room}/facility/${ids.facility}`],
  [
    'POST',
    () => '/api/partner/bulkblocking',
    { room_uuid: [ids.room], starts_at: '2027-01-06T13:00:00-03:00', ends_at: '2027-01-06T14:00:00-03:00' },
  ],
  ['GET', () => `/api/partner/blockedschedule/room/${ids.room}`],
  ['DELETE', () => `/api/partner/deleteblockedschedule/${ids.block}`],
  [
    'PUT',
    () => `/api/address/${ids.address}`,
    {
      zip_code: '01310100',
      street: 'Rua',
      number: '1',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    },
  ],
  ['GET', () => `/api/address/${ids.address}/search`],
  [
    'POST',
    () => '/api/address',
    {
      clinic_uuid: ids.clinic,
      zip_code: '01310100',
      street: 'Rua',
      number: '1',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    },
  ],
  ['PUT', () => `/api/contact/${ids.contact}`, { area_code: '11', number: '33334444' }],
  ['DELETE', () => `/api/contact/${ids.contact}`],
  ['POST', () => '/api/contact', { clinic_uuid: ids.clinic, area_code: '11', number: '33334444' }],
  ['PUT', () => `/api/photo/${ids.photo}/cover`],
  ['DELETE', () => `/api/photo/room/${ids.photo}`],
];

describe('ownership of partner supply', () => {
  it('answers 404 (or 422 for a clinic named in a body) to another partner, and changes nothing', async () => {
    for (const [method, path, body] of partnerRoutes()) {
      const res = await request(t.app, {
        method,
        url: path(owner.user.uuid),
        payload: body,
        token: intruder.token,
      });
      const expected = method === 'POST' && body && 'clinic_uuid' in body ? 422 : 404;
      expect(res.statusCode, `${method} ${path(owner.user.uuid)}: ${res.body}`).toBe(expected);
    }
    // Nothing changed: the owner still sees its clinic, room, block and facility-free room.
    const room = await request(t.app, {
      method: 'GET',
      url: `/api/partner/room/${ids.room}`,
      token: owner.token,
    });
    expect(room.json().data.name).toBe('Sala 1');
    const blocks = await request(t.app, {
      method: 'GET',
      url: `/api/partner/blockedschedule/room/${ids.room}`,
      token: owner.token,
    });
    expect(blocks.json().data).toHaveLength(1);
  });

  it("lists only the partner's own clinics and rooms", async () => {
    for (const url of [
      '/api/partner/coworkings',
      `/api/partner/${intruder.user.uuid}/coworking`,
      '/api/partner/rooms',
    ]) {
      const res = await request(t.app, { method: 'GET', url, token: intruder.token });
      expect(res.json().data, url).toEqual([]);
    }
  });

  it('answers 403 to specialists and 401 to visitors on partner routes', async () => {
    for (const [method, path, body] of partnerRoutes().filter(([, p]) => p('x').startsWith('/api/partner'))) {
      const url = path(owner.user.uuid);
      const asSpecialist = await request(t.app, { method, url, payload: body, token: specialist.token });
      expect(asSpecialist.statusCode, `${method} ${url}`).toBe(403);
      const asVisitor = await request(t.app, { method, url, payload: body });
      expect(asVisitor.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
