/**
 * Search by place and by reviews (DESIGN §10 "Where rooms are", "Reviews"): `near` (nearest first,
 * each card's distance), `bbox` (the map's view, edges included), `min_rating` and the `rating` and
 * `distance` orders, with the other filters, the facets and paging — over the demo's clinics, which
 * sit at real coordinates.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceKm } from '#common/domain/geo';
import { addDays, weekdayOf, zonedDate } from '#common/time/zone';
import { queryRows } from '../../db/client.ts';
import { clinics, rooms } from '../../db/schema.ts';
import { seedDemoDataIfEmpty } from '../../db/seed/demo.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { createClinic, createRoom } from '../../test/supply-fixtures.ts';

interface Result {
  uuid: string;
  name: string;
  clinic: { name: string; address: { neighborhood: string; city: string } | null };
  rating_avg: number | null;
  rating_count: number;
  latitude: number | null;
  longitude: number | null;
  distance_km?: number;
  hour_price_cents: number;
}

/** The built page's shell, so /rooms is drawn on the server as in production. */
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-web-'));
fs.writeFileSync(
  path.join(webRoot, 'index.html'),
  fs.readFileSync(path.join(import.meta.dirname, '../../../web/index.html'), 'utf8'),
);

let t: TestContext;
/** A published room of a clinic that has no place yet. */
let unplaced: string;
let paulista: { lat: number; lng: number };
beforeAll(async () => {
  t = await createTestContext({}, { webRoot });
  await seedDemoDataIfEmpty(t.db, t.storage, t.clock.now);
  const partner = await signedInAs(t, 'partner');
  const clinic = await createClinic(t, partner.user, partner.token, 'Clínica Sem Lugar');
  unplaced = (await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Sem Lugar')).uuid;
  const [row] = await t.db
    .select({ lat: clinics.latitude, lng: clinics.longitude })
    .from(clinics)
    .where(eq(clinics.name, 'Espaço Vida Plena Paulista'));
  paulista = { lat: row!.lat!, lng: row!.lng! };
}, 90_000);
afterAll(() => t.close());

const search = (body: object, query = '?per_page=100') =>
  request(t.app, { method: 'POST', url: `/api/customer/room/genericsearch${query}`, payload: body });
const results = async (body: object, query?: string): Promise<Result[]> => {
  const res = await search(body, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const uuids = (list: Result[]) => list.map((r) => r.uuid);
const rounded = (from: { lat: number; lng: number }, r: Result) =>
  Math.round(distanceKm(from, { lat: r.latitude!, lng: r.longitude! }) * 10) / 10;

describe('near a point', () => {
  it('sorts nearest first, each card with its distance in km to one decimal, rooms without a place out', async () => {
    const all = await results({});
    expect(uuids(all)).toContain(unplaced);
    const placed = all.filter((r) => r.latitude !== null);
    const near = await results({ near: paulista });
    expect(near).toHaveLength(placed.length);
    expect(uuids(near)).not.toContain(unplaced);
    for (const r of near) expect(r.distance_km).toBe(rounded(paulista, r));
    const distances = near.map((r) => distanceKm(paulista, { lat: r.latitude!, lng: r.longitude! }));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // Paulista's rooms (0 km) first, then Pinheiros' (2,7 km), then Campinas (about 85 km).
    expect(near[0]!.clinic.name).toBe('Espaço Vida Plena Paulista');
    expect(near[0]!.distance_km).toBe(0);
    const firstOther = near.find((r) => r.clinic.name !== 'Espaço Vida Plena Paulista')!;
    expect(firstOther.clinic.address?.neighborhood).toBe('Pinheiros');
    expect(firstOther.distance_km).toBeGreaterThan(2);
    expect(firstOther.distance_km).toBeLessThan(3.5);
    // Without a point, no distance.
    expect(all.every((r) => r.distance_km === undefined)).toBe(true);
  });

  it('pages the same order, keeps the text and filters, and yields to another order asked', async () => {
    const near = await results({ near: paulista });
    const second = await search({ near: paulista }, '?per_page=3&page=2');
    expect(second.json().meta).toMatchObject({ current_page: 2, per_page: 3, total: near.length });
    expect(uuids(second.json().data)).toEqual(uuids(near.slice(3, 6)));
    const curitiba = await results({ value: 'Curitiba', near: paulista });
    expect(curitiba.length).toBeGreaterThan(1);
    expect(curitiba.every((r) => r.clinic.address?.city === 'Curitiba')).toBe(true);
    expect(uuids(curitiba)).toEqual(uuids(near.filter((r) => r.clinic.address?.city === 'Curitiba')));
    const cheap = await results({ near: paulista, max_price_cents: 6000 });
    expect(cheap.every((r) => r.hour_price_cents <= 6000)).toBe(true);
    expect(uuids(cheap)).toEqual(uuids(near.filter((r) => r.hour_price_cents <= 6000)));
    const byPrice = await results({ near: paulista, attributeSortBy: 'price_asc' });
    expect(uuids(byPrice).sort()).toEqual(uuids(near).sort());
    expect(uuids(byPrice)).not.toEqual(uuids(near));
    expect(byPrice.every((r) => typeof r.distance_km === 'number')).toBe(true);
    const byDistance = await results({ near: paulista, attributeSortBy: 'distance' });
    expect(uuids(byDistance)).toEqual(uuids(near));
  });

  it('keeps the order on a date (free hours decided in the database)', async () => {
    let day = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 1);
    while (weekdayOf(day) !== 2) day = addDays(day, 1);
    const onDay = await results({ near: paulista, date: day });
    expect(onDay.length).toBeGreaterThan(3);
    const distances = onDay.map((r) => r.distance_km!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });
});

describe('inside the map’s view', () => {
  it('keeps the clinics inside the box, its edges included, and none without a place', async () => {
    const at = await results({
      bbox: { south: paulista.lat, west: paulista.lng, north: paulista.lat, east: paulista.lng },
    });
    expect(at.length).toBeGreaterThan(0);
    expect(at.every((r) => r.clinic.name === 'Espaço Vida Plena Paulista')).toBe(true);
    // São Paulo's centre and west: Bela Vista and Pinheiros, not Itaim nor Campinas.
    const box = { south: -23.58, west: -46.7, north: -23.55, east: -46.64 };
    const res = await search({ bbox: box });
    const inside: Result[] = res.json().data;
    expect(new Set(inside.map((r) => r.clinic.address?.neighborhood))).toEqual(
      new Set(['Bela Vista', 'Pinheiros']),
    );
    for (const r of inside) {
      expect(r.latitude!).toBeGreaterThanOrEqual(box.south);
      expect(r.latitude!).toBeLessThanOrEqual(box.north);
      expect(r.longitude!).toBeGreaterThanOrEqual(box.west);
      expect(r.longitude!).toBeLessThanOrEqual(box.east);
    }
    expect(uuids(inside)).not.toContain(unplaced);
    // The facets describe the rooms of the view.
    expect(
      res
        .json()
        .facets.neighborhoods.map((n: { name: string }) => n.name)
        .sort(),
    ).toEqual(['Bela Vista', 'Pinheiros']);
    // A box and a point together: inside the box, nearest first.
    const both = await results({ bbox: box, near: { lat: -23.5646, lng: -46.6817 } });
    expect(both[0]!.clinic.address?.neighborhood).toBe('Pinheiros');
    expect(uuids(both).sort()).toEqual(uuids(inside).sort());
  });
});

describe('by reviews', () => {
  /** Sets the rooms' review sums as the reviews feature keeps them (every other room: none). */
  async function rate(ratings: Record<string, [sum: number, count: number]>) {
    await t.db.update(rooms).set({ ratingSum: 0, ratingCount: 0 });
    for (const [name, [sum, count]] of Object.entries(ratings))
      await t.db.update(rooms).set({ ratingSum: sum, ratingCount: count }).where(eq(rooms.name, name));
  }

  it('keeps rooms whose average, as cards show it, reaches the minimum; rooms without reviews out', async () => {
    await rate({
      'Consultório Jardim': [9, 2], // 4,5
      'Sala Ipê': [39, 10], // 3,9
      'Sala Movimento': [4, 1], // 4,0
      'Sala de Grupo': [79, 20], // 3,95: cards show 4,0
    });
    const four = await results({ min_rating: 4 });
    expect(four.map((r) => r.name).sort()).toEqual(
      ['Consultório Jardim', 'Sala Movimento', 'Sala de Grupo'].sort(),
    );
    expect(four.find((r) => r.name === 'Sala de Grupo')).toMatchObject({ rating_avg: 4, rating_count: 20 });
    expect((await results({ min_rating: 4.5 })).map((r) => r.name)).toEqual(['Consultório Jardim']);
    // With the text and a place.
    expect((await results({ min_rating: 4, value: 'Pinheiros' })).map((r) => r.name)).toEqual([
      'Sala de Grupo',
    ]);
    expect(
      (await results({ min_rating: 4, near: paulista })).map((r) => r.clinic.address?.neighborhood),
    ).toEqual(['Bela Vista', 'Bela Vista', 'Pinheiros']);
  });

  it('sorts the best rated first, more reviews first on a tie, rooms without reviews last by name', async () => {
    await rate({
      'Consultório Jardim': [9, 2],
      'Sala Ipê': [39, 10],
      'Sala Movimento': [4, 1],
      'Sala de Grupo': [79, 20],
    });
    const list = await results({ attributeSortBy: 'rating' });
    expect(list.slice(0, 4).map((r) => r.name)).toEqual([
      'Consultório Jardim',
      'Sala de Grupo',
      'Sala Movimento',
      'Sala Ipê',
    ]);
    const rest = list.slice(4);
    expect(rest.every((r) => r.rating_count === 0 && r.rating_avg === null)).toBe(true);
    const sorted = await queryRows<{ name: string }>(
      t.db,
      sql`select name from rooms where ${inArray(rooms.uuid, uuids(rest))} order by salas_fold(name), id`,
    );
    expect(rest.map((r) => r.name)).toEqual(sorted.map((r) => r.name));
  });
});

describe('the room list’s address (server-drawn /rooms)', () => {
  it('reads perto and area: the nearest rooms first, only those inside, a broken area left out', async () => {
    const roomLinks = (html: string) =>
      [...html.slice(html.indexOf('<div id="root">')).matchAll(/href="\/rooms\/([0-9a-f-]{36})"/g)].map(
        (m) => m[1]!,
      );
    const near = await results({ near: paulista }, '?per_page=15');
    const page = await request(t.app, { method: 'GET', url: `/rooms?perto=${paulista.lat},${paulista.lng}` });
    expect(page.statusCode).toBe(200);
    expect([...new Set(roomLinks(page.body))]).toEqual(uuids(near));
    const box = '-23.58,-46.7,-23.55,-46.64';
    const inside = await request(t.app, { method: 'GET', url: `/rooms?area=${box}` });
    const expected = await results({ bbox: { south: -23.58, west: -46.7, north: -23.55, east: -46.64 } });
    expect(new Set(roomLinks(inside.body))).toEqual(new Set(uuids(expected)));
    // A box that is no box is left out: the whole list, as a shared link with a typo still opens.
    const typo = await request(t.app, { method: 'GET', url: '/rooms?area=-23.5,-46.6' });
    const plain = await request(t.app, { method: 'GET', url: '/rooms' });
    expect(roomLinks(typo.body)).toEqual(roomLinks(plain.body));
  });
});

describe('bad places', () => {
  it('answers 422 in Portuguese: distance without a point, a reversed box, a latitude off the Earth', async () => {
    const cases: [object, string][] = [
      [{ attributeSortBy: 'distance' }, 'Para ordenar por distância, informe um ponto de partida.'],
      [{ bbox: { south: -23.5, west: -46.6, north: -23.6, east: -46.7 } }, 'Área inválida.'],
      [{ near: { lat: 91, lng: 0 } }, 'Latitude inválida.'],
      [{ near: { lat: 0, lng: 181 } }, 'Longitude inválida.'],
      [{ near: { lat: -23.5 } }, 'Longitude inválida.'],
      [{ min_rating: 6 }, 'Avaliação mínima inválida.'],
    ];
    for (const [body, message] of cases) {
      const res = await search(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
  });
});
