import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, weekdayOf, zonedDate, zonedInstant, zoneOffsetMinutes } from '#common/time/zone';
import { queryRows } from '../../db/client.ts';
import { slotHoldingStatuses } from '../../db/schema.ts';
import { seedDemoDataIfEmpty } from '../../db/seed/demo.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import {
  bookByCard,
  createClinic,
  createRoom,
  openClinic,
  saveCard,
  setRoomHours,
} from '../../test/supply-fixtures.ts';
import { availabilityFor } from '../availability/availability.service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await seedDemoDataIfEmpty(t.db, t.storage, t.clock.now);
}, 60_000);
afterAll(() => t.close());

const search = (body: object, query = '') =>
  request(t.app, { method: 'POST', url: `/api/customer/room/genericsearch${query}`, payload: body });
const names = (res: { json(): { data: { name: string }[] } }) => res.json().data.map((r) => r.name);

function next(weekday: number): string {
  let d = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 1);
  while (weekdayOf(d) !== weekday) d = addDays(d, 1);
  return d;
}

/** Each room is in the search's names for `day` exactly when its page shows an available slot that day. */
async function expectPagesAgree(rooms: { uuid: string; name: string }[], day: string, found: string[]) {
  for (const room of rooms) {
    const [avail] = await availabilityFor(t.app.services, room.uuid, [day]);
    expect(
      avail!.slots.some((slot) => slot.available),
      room.name,
    ).toBe(found.includes(room.name));
  }
}

describe('room search (open to visitors)', () => {
  it('lists every active room, pinned first, 15 a page with meta', async () => {
    const res = await search({});
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ current_page: 1, last_page: 2, per_page: 15, total: 30 });
    const list = res.json().data;
    expect(list.slice(0, 2).every((r: { fixed: number }) => r.fixed === 1)).toBe(true);
    expect(list[0]).toMatchObject({
      clinic: { name: expect.any(String), address: { city: expect.any(String), state: expect.any(String) } },
      facilities: expect.any(Array),
      photos: [expect.objectContaining({ url: expect.stringMatching(/^\/api\/photo\//) }), expect.anything()],
    });
    expect(list).toHaveLength(15);
    const paged = await search({}, '?page=8&per_page=4');
    expect(paged.json().meta).toEqual({ current_page: 8, last_page: 8, per_page: 4, total: 30 });
    expect(paged.json().data).toHaveLength(2);
  });

  it('ignores accents and case over room, clinic, neighbourhood and city', async () => {
    const sp = await search({ value: 'sao paulo' });
    expect(sp.json().meta.total).toBe(5);
    expect(names(await search({ value: 'SAVASSI' }))).toEqual(
      expect.arrayContaining(['Consultório 501', 'Sala Odontológica 502']),
    );
    expect(names(await search({ value: 'pao de acucar' }))).toEqual(['Sala Pão de Açúcar']);
    expect(
      names(
        await search({ value: 'vida plena pinheiros', attributeToFilter: 'clinic', attributeSortBy: 'name' }),
      ),
    ).toEqual(['Sala de Grupo', 'Sala Ipê']);
    expect((await search({ value: 'rio', attributeToFilter: 'city' })).json().meta.total).toBe(2);
    expect(names(await search({ value: 'curitiba', attributeToFilter: 'city' }))).toHaveLength(5);
    expect(
      names(
        await search({ value: 'agua verde', attributeToFilter: 'neighborhood', attributeSortBy: 'name' }),
      ),
    ).toEqual(['Sala Barigui', 'Sala Tanguá']);
    expect((await search({ value: 'Joinville' })).json()).toEqual({
      data: [],
      meta: { current_page: 1, last_page: 1, per_page: 15, total: 0 },
      facets: { neighborhoods: [], facilities: [], price_cents: null },
    });
  });

  it('sorts by price either way after the pinned rooms, and by name', async () => {
    const prices = (res: Awaited<ReturnType<typeof search>>) =>
      res
        .json()
        .data.filter((r: { fixed: number }) => r.fixed === 0)
        .map((r: { hour_price_cents: number }) => r.hour_price_cents);
    const asc = prices(await search({ attributeSortBy: 'price_asc' }));
    expect(asc).toEqual([...asc].sort((a: number, b: number) => a - b));
    const desc = prices(await search({ attributeSortBy: 'price_desc' }));
    expect(desc).toEqual([...desc].sort((a: number, b: number) => b - a));
  });

  it('keeps only rooms with a free slot on the date', async () => {
    const sunday = await search({ date: next(0) });
    // Only Acolher Savassi opens on Sundays (24 hours), and its dental room only on weekdays.
    expect(names(sunday)).toEqual(['Consultório 501']);
    const tuesday = await search({ date: next(2) });
    expect(tuesday.json().meta.total).toBe(30);
  });

  it('decides a free hour in the database exactly as the room page computes it', async () => {
    const partner = await signedInAs(t, 'partner');
    const specialist = await signedInAs(t, 'customer');
    const card = await saveCard(t, specialist.user, specialist.token);
    const clinic = await createClinic(t, partner.user, partner.token, 'Clínica Regra Livre');
    const day = next(3);
    await openClinic(t, partner.user, partner.token, clinic.uuid, [weekdayOf(day)], ['08:00', '10:00']);
    const make = (name: string) => createRoom(t, partner.user, partner.token, clinic.uuid, name);
    const [full, blocked, otherDay, half, free] = await Promise.all(
      ['Cheia', 'Bloqueada', 'Outro dia', 'Meia', 'Livre'].map(make),
    );
    await bookByCard(t, specialist.token, full!.uuid, card.uuid, [
      `${day}T08:00:00-03:00`,
      `${day}T09:00:00-03:00`,
    ]);
    const block = (uuid: string, from: string, to: string) =>
      request(t.app, {
        method: 'POST',
        url: '/api/partner/bulkblocking',
        token: partner.token,
        payload: {
          room_uuid: [uuid],
          starts_at: `${day}T${from}:00-03:00`,
          ends_at: `${day}T${to}:00-03:00`,
        },
      });
    expect((await block(blocked!.uuid, '00:00', '23:00')).statusCode).toBe(201);
    expect((await block(half!.uuid, '08:00', '09:00')).statusCode).toBe(201);
    await setRoomHours(t, partner.token, otherDay!.uuid, [(weekdayOf(day) + 1) % 7], ['00:00', '23:59']);

    const found = names(
      await search({ value: 'Clínica Regra Livre', attributeToFilter: 'clinic', date: day }),
    );
    expect(found.sort()).toEqual(['Livre', 'Meia']);
    await expectPagesAgree([full!, blocked!, otherDay!, half!, free!], day, found);
  });

  it('skips the hour a daylight-saving jump removes, as the room page does', async () => {
    const partner = await signedInAs(t, 'partner');
    const zone = 'America/New_York';
    // The next day in New York whose clocks move (inside the year a room can be booked ahead).
    let day = addDays(zonedDate(t.clock.now, zone), 2);
    const offsetAt = (d: string) => zoneOffsetMinutes(zonedInstant(d, '12:00', zone), zone);
    while (offsetAt(day) === offsetAt(addDays(day, -1))) day = addDays(day, 1);
    const clinic = await createClinic(t, partner.user, partner.token, 'Clínica Horário de Verão');
    const edited = await request(t.app, {
      method: 'PUT',
      url: `/api/partner/${partner.user.uuid}/coworking/${clinic.uuid}`,
      token: partner.token,
      payload: { name: 'Clínica Horário de Verão', description: 'Em Nova York', email: '', timezone: zone },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Spring forward skips 02:00–03:00; in the autumn 01:00 happens twice and 02:00 once.
    const spring = offsetAt(day) > offsetAt(addDays(day, -1));
    await openClinic(t, partner.user, partner.token, clinic.uuid, [weekdayOf(day)], ['02:00', '03:00']);
    const [onlyJump, withNext] = await Promise.all(
      ['Só 2h', 'Até 4h'].map((name) => createRoom(t, partner.user, partner.token, clinic.uuid, name)),
    );
    await setRoomHours(t, partner.token, withNext!.uuid, [weekdayOf(day)], ['02:00', '04:00']);
    const found = names(
      await search({ value: 'Clínica Horário de Verão', attributeToFilter: 'clinic', date: day }),
    );
    expect(found.sort()).toEqual(spring ? ['Até 4h'] : ['Até 4h', 'Só 2h']);
    await expectPagesAgree([onlyJump!, withNext!], day, found);
  });

  it('checks hour by hour in the database with the statuses that hold a slot', async () => {
    // salas_room_has_free_slot (migration 0008) names the statuses of the partial index it reads.
    const [fn] = await queryRows<{ body: string }>(
      t.db,
      sql`select pg_get_functiondef('salas_room_has_free_slot'::regproc) as body`,
    );
    const named = /a\.status IN \(([^)]*)\)/i.exec(fn!.body)?.[1];
    expect(named?.split(',').map((v) => v.trim().replace(/'/g, ''))).toEqual([...slotHoldingStatuses]);
  });

  it('settles every demo room on busy days as its page does (by counting or hour by hour)', async () => {
    const today = zonedDate(t.clock.now, 'America/Sao_Paulo');
    // Today (past hours: hour by hour only), tomorrow and busy weekdays of the demo's future.
    for (const day of [today, addDays(today, 1), next(1), next(3), next(0)]) {
      const res = await search({ date: day }, '?per_page=100');
      const found = new Set(res.json().data.map((r: { uuid: string }) => r.uuid));
      const all = (await search({}, '?per_page=100')).json().data as { uuid: string; name: string }[];
      for (const room of all) {
        const [avail] = await availabilityFor(t.app.services, room.uuid, [day]);
        expect(
          avail!.slots.some((slot) => slot.available),
          `${room.name} ${day}`,
        ).toBe(found.has(room.uuid));
      }
    }
  });

  it('answers bad input with Portuguese 422s', async () => {
    const res = await search({ date: '31/12/2026', attributeSortBy: 'random', attributeToFilter: 'cpf' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.date).toBeDefined();
    expect(res.json().errors.attributeSortBy).toEqual(['Ordenação inválida.']);
    expect((await search({}, '?page=0')).statusCode).toBe(422);
    expect((await search({}, '?per_page=1000')).json().errors.per_page).toEqual([
      'No máximo 100 por página.',
    ]);
  });
});

describe('room page and bulk availability', () => {
  it('shows a room to visitors with clinic, address, phones, hours and photos', async () => {
    const uuid = (await search({ value: 'Sala Ipê' })).json().data[0].uuid;
    const res = await request(t.app, { method: 'GET', url: `/api/rooms/${uuid}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Sala Ipê',
      hour_price_cents: 5000,
      clinic: {
        name: 'Vida Plena Pinheiros',
        timezone: 'America/Sao_Paulo',
        phones: [{ area_code: '11' }],
        address: { neighborhood: 'Pinheiros' },
      },
    });
    expect(res.json().data.hours.length).toBeGreaterThan(0);
    expect(
      (await request(t.app, { method: 'GET', url: '/api/rooms/00000000-0000-4000-8000-000000000000' }))
        .statusCode,
    ).toBe(404);
  });

  it('checks several dates at once', async () => {
    const uuid = (await search({ value: 'Sala Ipê' })).json().data[0].uuid;
    const dates = [next(1), next(2), next(0)];
    const res = await request(t.app, {
      method: 'POST',
      url: `/api/customer/room/${uuid}/availability`,
      payload: { dateBulk: dates },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((d: { date: string }) => d.date)).toEqual(dates);
    expect(res.json().data[0].slots).toHaveLength(12);
    expect(res.json().data[2].slots).toEqual([]);
    const tooMany = await request(t.app, {
      method: 'POST',
      url: `/api/customer/room/${uuid}/availability`,
      payload: { dateBulk: Array.from({ length: 63 }, (_, i) => addDays(next(1), i)) },
    });
    expect(tooMany.statusCode).toBe(422);
  });
});
