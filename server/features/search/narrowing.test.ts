/** Search people can narrow (decision 0042): suggestions, filters, orders, states, free hours. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, weekdayOf, zonedDate } from '#common/time/zone';
import { rooms as roomsTable } from '../../db/schema.ts';
import { seedDemoDataIfEmpty } from '../../db/seed/demo.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { bookByCard, createClinic, createRoom, openClinic, saveCard } from '../../test/supply-fixtures.ts';
import { availabilityFor } from '../availability/availability.service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await seedDemoDataIfEmpty(t.db, t.storage, t.clock.now);
}, 60_000);
afterAll(() => t.close());

interface Result {
  uuid: string;
  name: string;
  fixed: number;
  hour_price_cents: number;
  clinic: { name: string; address: { neighborhood: string; city: string; state: string } | null };
  facilities: { uuid: string; name: string }[];
  free_hours?: { date_time: string; hours: string[] }[];
  free_hours_total?: number;
}
const search = (body: object, query = '?per_page=100') =>
  request(t.app, { method: 'POST', url: `/api/customer/room/genericsearch${query}`, payload: body });
const results = async (body: object): Promise<Result[]> => {
  const res = await search(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const suggest = (q: string) =>
  request(t.app, { method: 'GET', url: `/api/rooms/suggestions?q=${encodeURIComponent(q)}` });

function next(weekday: number): string {
  let d = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 1);
  while (weekdayOf(d) !== weekday) d = addDays(d, 1);
  return d;
}

describe('suggestions', () => {
  it('suggests cities, neighbourhoods and clinics of published rooms, accents and case aside', async () => {
    const res = await suggest('PINHEI');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.json().data).toEqual([
      {
        kind: 'neighborhood',
        label: 'Pinheiros',
        detail: 'São Paulo, SP',
        value: 'Pinheiros',
        city: 'São Paulo',
      },
      {
        kind: 'clinic',
        label: 'Vida Plena Pinheiros',
        detail: 'Pinheiros, São Paulo',
        value: 'Vida Plena Pinheiros',
      },
    ]);
    const sao = (await suggest('sao')).json().data;
    expect(sao[0]).toEqual({ kind: 'state', label: 'São Paulo', detail: 'SP', value: 'SP' });
    expect(sao).toContainEqual({ kind: 'city', label: 'São Paulo', detail: 'SP', value: 'São Paulo' });
    expect((await suggest('agua verde')).json().data[0]).toMatchObject({
      kind: 'neighborhood',
      label: 'Água Verde',
    });
  });

  it('puts the state first for its abbreviation, and gives at most eight', async () => {
    const sp = (await suggest('sp')).json().data;
    expect(sp[0]).toEqual({ kind: 'state', label: 'São Paulo', detail: 'SP', value: 'SP' });
    // Two letters find names that start a word with them, not "Espaço" in the middle.
    expect(sp.every((s: { label: string }) => !/^Espa/.test(s.label) || s.label.startsWith('Esp'))).toBe(
      true,
    );
    const many = (await suggest('a')).json().data;
    expect(many.length).toBeLessThanOrEqual(8);
    expect(many.length).toBeGreaterThan(0);
    expect((await suggest('Joinville')).json().data).toEqual([]);
  });

  it('leaves out clinics whose rooms are not published', async () => {
    const partner = await signedInAs(t, 'partner');
    const clinic = await createClinic(t, partner.user, partner.token, 'Clínica Rascunho Sugestão');
    await createRoom(t, partner.user, partner.token, clinic.uuid, 'Só rascunho', '1.0000', { draft: true });
    // Clinics made here have no address: even published they would not be suggested without a place.
    expect((await suggest('Rascunho Sugest')).json().data).toEqual([]);
  });

  it('answers a missing or long text with a Portuguese 422', async () => {
    const none = await request(t.app, { method: 'GET', url: '/api/rooms/suggestions' });
    expect(none.statusCode).toBe(422);
    expect(JSON.stringify(none.json())).toContain('Informe o texto.');
    const blank = await suggest('   ');
    expect(blank.statusCode).toBe(422);
    const long = await suggest('x'.repeat(61));
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.q).toEqual(['Texto longo demais.']);
  });
});

describe('a state abbreviation means the state', () => {
  it('finds every room of SP and no room elsewhere whose name holds "sp"', async () => {
    const all = await results({});
    const inSp = all.filter((r) => r.clinic.address?.state === 'SP').map((r) => r.uuid);
    expect(inSp.length).toBeGreaterThan(5);
    const sp = await results({ value: 'SP' });
    expect(sp.map((r) => r.uuid).sort()).toEqual([...inSp].sort());
    expect((await results({ value: ' sp ' })).map((r) => r.uuid).sort()).toEqual([...inSp].sort());
    // All five rooms of the city of São Paulo (the letters found three: those of "Espaço").
    expect(sp.filter((r) => r.clinic.address?.city === 'São Paulo')).toHaveLength(5);
    // Asked as a clinic's name, the letters are letters again.
    const asText = await results({ value: 'sp', attributeToFilter: 'clinic' });
    expect(asText.length).toBeGreaterThan(0);
    expect(asText.every((r) => /esp/i.test(r.clinic.name))).toBe(true);
    for (const uf of ['RJ', 'MG', 'PR']) {
      const found = await results({ value: uf });
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((r) => r.clinic.address?.state === uf)).toBe(true);
    }
    // A state with no rooms: none, and not the rooms whose words hold the letters.
    expect(await results({ value: 'TO' })).toEqual([]);
    // A full name that is a city keeps its city match.
    expect((await results({ value: 'São Paulo', attributeToFilter: 'city' })).length).toBe(5);
  });
});

describe('filters', () => {
  it('narrows by neighbourhood, the whole name, accents and case aside', async () => {
    const found = await results({ value: 'São Paulo', neighborhood: 'PINHEIROS' });
    expect(found.map((r) => r.name).sort()).toEqual(['Sala Ipê', 'Sala de Grupo']);
    expect(await results({ neighborhood: 'Pinhei' })).toEqual([]);
    expect(
      (await results({ neighborhood: 'agua verde' })).every(
        (r) => r.clinic.address?.neighborhood === 'Água Verde',
      ),
    ).toBe(true);
  });

  it('narrows by hour price, both bounds inclusive', async () => {
    const all = await results({});
    const prices = all.map((r) => r.hour_price_cents).sort((a, b) => a - b);
    const [low, high] = [prices[3]!, prices.at(-4)!];
    const within = await results({ min_price_cents: low, max_price_cents: high });
    expect(within.length).toBe(prices.filter((p) => p >= low && p <= high).length);
    expect(within.length).toBeLessThan(all.length);
    expect(within.every((r) => r.hour_price_cents >= low && r.hour_price_cents <= high)).toBe(true);
    expect(
      (await results({ max_price_cents: prices[0]! })).every((r) => r.hour_price_cents === prices[0]),
    ).toBe(true);
  });

  it('narrows by facilities: rooms with every one picked', async () => {
    const facilities = (await request(t.app, { method: 'GET', url: '/api/facilities' })).json().data as {
      uuid: string;
      name: string;
    }[];
    const uuidOf = (name: string) => facilities.find((f) => f.name === name)!.uuid;
    const divan = await results({ facilities: [uuidOf('Divã')] });
    expect(divan.length).toBeGreaterThan(0);
    expect(divan.every((r) => r.facilities.some((f) => f.name === 'Divã'))).toBe(true);
    const both = await results({ facilities: [uuidOf('Divã'), uuidOf('Estacionamento')] });
    expect(both.length).toBeLessThan(divan.length);
    expect(both.map((r) => r.name)).toContain('Sala Ipê');
    expect(both.every((r) => r.facilities.some((f) => f.name === 'Estacionamento'))).toBe(true);
    expect(await results({ facilities: ['00000000-0000-4000-8000-000000000000'] })).toEqual([]);
  });

  it('offers the neighbourhoods, facilities and prices of the text searched, whatever the filters', async () => {
    const res = await search({ value: 'São Paulo', neighborhood: 'Pinheiros' });
    const facets = res.json().facets;
    expect(facets.neighborhoods).toEqual(
      expect.arrayContaining([
        { name: 'Pinheiros', cities: ['São Paulo'], count: 2 },
        { name: 'Bela Vista', cities: ['São Paulo'], count: 3 },
      ]),
    );
    expect(facets.facilities).toContainEqual(
      expect.objectContaining({ name: 'Divã', count: expect.any(Number) }),
    );
    expect(facets.price_cents.min).toBeLessThanOrEqual(facets.price_cents.max);
  });
});

describe('orders', () => {
  it('orders by relevance by default: pinned, then the text named best', async () => {
    const found = await results({ value: 'pinheiros' });
    // The neighbourhood Pinheiros names its rooms (rank 0) before other places merely holding it.
    expect(
      found
        .slice(0, 2)
        .map((r) => r.name)
        .sort(),
    ).toEqual(['Sala Ipê', 'Sala de Grupo']);
    const all = await results({});
    const firstUnpinned = all.findIndex((r) => r.fixed === 0);
    expect(all.slice(firstUnpinned).every((r) => r.fixed === 0)).toBe(true);
    expect(firstUnpinned).toBeGreaterThan(0);
  });

  it('then the room with more free time ahead', async () => {
    const partner = await signedInAs(t, 'partner');
    const clinic = await createClinic(t, partner.user, partner.token, 'Clínica Ordem Relevante');
    await openClinic(t, partner.user, partner.token, clinic.uuid);
    const busy = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Alfa ocupada');
    const free = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Beta livre');
    const from = new Date(t.clock.now.getTime() + 3_600_000);
    const blocked = await request(t.app, {
      method: 'POST',
      url: '/api/partner/bulkblocking',
      token: partner.token,
      payload: {
        room_uuid: [busy.uuid],
        starts_at: from.toISOString(),
        ends_at: new Date(from.getTime() + 3 * 86_400_000).toISOString(),
      },
    });
    expect(blocked.statusCode, blocked.body).toBe(201);
    const byClinic = (sort?: string) =>
      results({ value: 'Clínica Ordem Relevante', attributeToFilter: 'clinic', attributeSortBy: sort });
    expect((await byClinic()).map((r) => r.name)).toEqual([free.name, busy.name]);
    expect((await byClinic('relevance')).map((r) => r.name)).toEqual([free.name, busy.name]);
    expect((await byClinic('name')).map((r) => r.name)).toEqual([busy.name, free.name]);
  });

  it('orders by price ascending and by name after the pinned rooms', async () => {
    const unpinned = (list: Result[]) => list.filter((r) => r.fixed === 0);
    const byPrice = unpinned(await results({ attributeSortBy: 'price_asc' })).map((r) => r.hour_price_cents);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
    const byName = unpinned(await results({ attributeSortBy: 'name' })).map((r) => r.name);
    const folded = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    expect(byName).toEqual([...byName].sort((a, b) => (folded(a) < folded(b) ? -1 : 1)));
  });
});

describe('free hours on a date', () => {
  it("shows each card the day's first free starts, as the room page computes them", async () => {
    const partner = await signedInAs(t, 'partner');
    const specialist = await signedInAs(t, 'customer');
    const card = await saveCard(t, specialist.user, specialist.token);
    const clinic = await createClinic(t, partner.user, partner.token, 'Clínica Horas no Cartão');
    const day = next(4);
    await openClinic(t, partner.user, partner.token, clinic.uuid, [weekdayOf(day)], ['08:00', '14:00']);
    const one = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Uma hora');
    const two = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Duas horas');
    await t.db.update(roomsTable).set({ minBookingMinutes: 120 }).where(eq(roomsTable.uuid, two.uuid));
    await bookByCard(t, specialist.token, one.uuid, card.uuid, [`${day}T08:00:00-03:00`]);

    const found = await results({ value: 'Clínica Horas no Cartão', attributeToFilter: 'clinic', date: day });
    const of = (name: string) => found.find((r) => r.name === name)!;
    const at = (h: string) => `${day}T${h}:00-03:00`;
    expect(of('Uma hora').free_hours).toEqual(
      ['09:00', '10:00', '11:00', '12:00'].map((h) => ({ date_time: at(h), hours: [at(h)] })),
    );
    expect(of('Uma hora').free_hours_total).toBe(5);
    const [avail] = await availabilityFor(t.app.services, one.uuid, [day]);
    expect(
      avail!.slots
        .filter((s) => s.available)
        .slice(0, 4)
        .map((s) => s.date_time),
    ).toEqual(of('Uma hora').free_hours!.map((f) => f.date_time));
    // A two-hour minimum: a tap picks two hours, and 13:00 (one hour before closing) is no start.
    expect(of('Duas horas').free_hours![0]).toEqual({
      date_time: at('08:00'),
      hours: [at('08:00'), at('09:00')],
    });
    expect(of('Duas horas').free_hours_total).toBe(5);
    // Without a date, no free hours.
    const plain = await results({ value: 'Clínica Horas no Cartão', attributeToFilter: 'clinic' });
    expect(plain.every((r) => r.free_hours === undefined && r.free_hours_total === undefined)).toBe(true);
  });

  it('keeps the date search and its filters together', async () => {
    const day = next(2);
    const all = await results({ date: day });
    const cheap = await results({ date: day, max_price_cents: 6000, value: 'SP' });
    expect(cheap.length).toBeGreaterThan(0);
    expect(cheap.length).toBeLessThan(all.length);
    expect(cheap.every((r) => r.hour_price_cents <= 6000 && r.clinic.address?.state === 'SP')).toBe(true);
    expect(cheap.every((r) => (r.free_hours?.length ?? 0) > 0)).toBe(true);
  });
});

describe('bad input', () => {
  it('answers with Portuguese 422s', async () => {
    const crossed = await search({ min_price_cents: 9000, max_price_cents: 5000 });
    expect(crossed.statusCode).toBe(422);
    expect(crossed.json().errors.min_price_cents).toEqual([
      'O preço mínimo não pode ser maior que o máximo.',
    ]);
    const negative = await search({ min_price_cents: -1 });
    expect(negative.json().errors.min_price_cents).toEqual(['Preço mínimo não pode ser negativo.']);
    const fraction = await search({ max_price_cents: 10.5 });
    expect(fraction.json().errors.max_price_cents).toEqual(['Preço máximo inválido.']);
    const facility = await search({ facilities: ['wifi'] });
    expect(facility.statusCode).toBe(422);
    expect(JSON.stringify(facility.json().errors)).toContain('Diferencial inválido.');
    const tooMany = await search({ facilities: Array.from({ length: 21 }, () => crypto.randomUUID()) });
    expect(tooMany.json().errors.facilities).toEqual(['No máximo 20 diferenciais.']);
    const sort = await search({ attributeSortBy: 'random' });
    expect(sort.json().errors.attributeSortBy).toEqual(['Ordenação inválida.']);
    const hood = await search({ neighborhood: 'x'.repeat(121) });
    expect(hood.json().errors.neighborhood).toEqual(['Bairro longo demais.']);
  });
});
