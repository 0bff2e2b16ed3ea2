/**
 * Where rooms are (DESIGN §10): the geocoder within Nominatim's usage policy (one request a second,
 * an identifying User-Agent, answers cached), clinics placed from their address after the save, the
 * partner's pin winning, and GET /api/geocode. Nothing here reaches the network: Nominatim is the
 * local fake (server/test/geocoder-fake.ts).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createNominatimGeocoder,
  GeocoderError,
  NOMINATIM_INTERVAL_MS,
  nominatimParams,
} from '../../adapters/geocoder.ts';
import { loadConfig } from '../../config.ts';
import { clinics, geocodeCache } from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { type FakeNominatim, startFakeNominatim } from '../../test/geocoder-fake.ts';
import { testClock } from '../../test/now.ts';
import { createClinic } from '../../test/supply-fixtures.ts';

const PAULISTA = { lat: -23.5614, lng: -46.6558 };
const XV = { lat: -25.4296, lng: -49.2713 };
const PIN = { lat: -25.43, lng: -49.27 };

let fake: FakeNominatim;
let t: TestContext;
let partner: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  fake = await startFakeNominatim([
    { street: 'Avenida Paulista', city: 'São Paulo', lat: PAULISTA.lat, lng: PAULISTA.lng },
    { street: 'Rua XV de Novembro', city: 'Curitiba', lat: XV.lat, lng: XV.lng },
    { q: 'avenida paulista', lat: PAULISTA.lat, lng: PAULISTA.lng },
    { postalcode: '80010-000', lat: XV.lat, lng: XV.lng },
  ]);
  t = await createTestContext({ GEOCODER_URL: fake.url, GEOCODER_CONTACT: 'geo@salas.test' });
  partner = await signedInAs(t, 'partner');
}, 60_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});

const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  request(t.app, { method, url, payload, token: partner.token });
/**
 * The save waits for the place a few seconds at most (PLACE_WAIT_MS), then the place comes by itself:
 * on a busy machine it is read until it arrives.
 */
const placed = (uuid: string, expected: object) =>
  vi.waitFor(async () => expect(await placeOf(uuid)).toEqual(expected), { timeout: 15_000, interval: 100 });
const placeOf = async (uuid: string) => {
  const [row] = await t.db
    .select({ lat: clinics.latitude, lng: clinics.longitude, source: clinics.locationSource })
    .from(clinics)
    .where(eq(clinics.uuid, uuid));
  return row;
};
const clinicBody = { name: 'Clínica do Mapa', description: 'Consultórios', email: 'mapa@salas.test' };
const xvAddress = (clinicUuid: string) => ({
  clinic_uuid: clinicUuid,
  zip_code: '80010-000',
  street: 'Rua XV de Novembro',
  number: '700',
  neighborhood: 'Centro',
  city: 'Curitiba',
  state: 'PR',
});

describe('the geocoder within Nominatim’s usage policy', () => {
  it('asks a structured query for an address, free-form for a text, in Brazil', () => {
    const address = nominatimParams({
      address: {
        street: 'Avenida Paulista',
        number: '1578',
        city: 'São Paulo',
        state: 'SP',
        zipCode: '01310100',
      },
    });
    expect(Object.fromEntries(address)).toEqual({
      format: 'jsonv2',
      limit: '1',
      countrycodes: 'br',
      street: '1578 Avenida Paulista',
      city: 'São Paulo',
      state: 'São Paulo',
      country: 'Brasil',
      postalcode: '01310-100',
    });
    const text = nominatimParams({ text: 'Avenida Paulista, 1578' });
    expect(text.get('q')).toBe('Avenida Paulista, 1578');
    expect(text.has('street')).toBe(false);
  });

  it('names the product and a contact in its User-Agent, by default', () => {
    expect(t.config.geocoder?.userAgent).toMatch(/^Salas\/\d+\.\d+\.\d+ \(geo@salas\.test\)$/);
    // The fake refuses what an HTTP library sends by itself: the policy's "stock User-Agents".
    const off = loadConfig({ NODE_ENV: 'test', GEOCODER_URL: 'off' });
    expect(off.geocoder).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).geocoder).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'development' }).geocoder?.url).toBe(
      'https://nominatim.openstreetmap.org/search',
    );
  });

  it('is refused without an identifying User-Agent (the fake holds the policy)', async () => {
    const stock = createNominatimGeocoder({ url: fake.url, userAgent: 'node' });
    await expect(stock.geocode({ text: 'avenida paulista' })).rejects.toMatchObject({ status: 403 });
  });

  it('waits a second between two requests, for the whole process, on its clock', async () => {
    const clock = testClock();
    const paced = await startFakeNominatim(fake.places, { now: () => clock.now.getTime() });
    const waits: number[] = [];
    const options = {
      url: paced.url,
      userAgent: 'Salas/test (geo@salas.test)',
      now: () => clock.now.getTime(),
      sleep: async (ms: number) => {
        waits.push(ms);
        clock.advance(ms);
      },
    };
    // Two geocoders of the same endpoint share one queue: the limit is the application's.
    const one = createNominatimGeocoder(options);
    const two = createNominatimGeocoder(options);
    const answers = await Promise.all([
      one.geocode({ text: 'avenida paulista' }),
      two.geocode({ text: 'avenida paulista 2' }),
      one.geocode({ text: 'rua sem nome' }),
    ]);
    expect(answers).toEqual([PAULISTA, PAULISTA, null]);
    expect(waits).toEqual([NOMINATIM_INTERVAL_MS, NOMINATIM_INTERVAL_MS]);
    expect(paced.requests.map((r) => r.status)).toEqual([200, 200, 200]);
    // Without the queue the fake answers 429, as Nominatim does past its limit.
    clock.advance(NOMINATIM_INTERVAL_MS);
    const hasty = createNominatimGeocoder({ ...options, intervalMs: 0 });
    await hasty.geocode({ text: 'avenida paulista' });
    await expect(hasty.geocode({ text: 'avenida paulista' })).rejects.toBeInstanceOf(GeocoderError);
    expect(paced.requests.at(-1)?.status).toBe(429);
    await paced.close();
  });
});

describe('clinics placed from their address, the pin winning', () => {
  it('places a clinic when its address is saved, asking once for the same address', async () => {
    const clinic = await createClinic(t, partner.user, partner.token, 'Clínica Quinze');
    const before = fake.requests.length;
    const saved = await as('POST', '/api/address', xvAddress(clinic.uuid));
    expect(saved.statusCode, saved.body).toBe(201);
    await placed(clinic.uuid, { ...XV, source: 'address' });
    const asked = fake.requests.slice(before);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.userAgent).toBe(t.config.geocoder?.userAgent);
    expect(Object.fromEntries(asked[0]!.params)).toMatchObject({
      street: '700 Rua XV de Novembro',
      city: 'Curitiba',
      state: 'Paraná',
      country: 'Brasil',
      postalcode: '80010-000',
    });
    const got = await as('GET', `/api/partner/${partner.user.uuid}/coworking/${clinic.uuid}`);
    expect(got.json().data).toMatchObject({
      latitude: XV.lat,
      longitude: XV.lng,
      location_source: 'address',
    });

    // Another clinic at the same address: the cache answers, Nominatim is not asked again.
    const twin = await createClinic(t, partner.user, partner.token, 'Clínica Gêmea');
    await as('POST', '/api/address', xvAddress(twin.uuid));
    await placed(twin.uuid, { ...XV, source: 'address' });
    expect(fake.requests.length - before).toBe(1);
  });

  it('keeps the partner’s pin over the address, and goes back to the address when the pin is taken away', async () => {
    const create = await as('POST', `/api/partner/${partner.user.uuid}/coworking`, {
      ...clinicBody,
      latitude: PIN.lat,
      longitude: PIN.lng,
    });
    expect(create.statusCode, create.body).toBe(201);
    const uuid = create.json().data.uuid as string;
    expect(create.json().data).toMatchObject({
      latitude: PIN.lat,
      longitude: PIN.lng,
      location_source: 'pin',
    });
    const before = fake.requests.length;
    const address = await as('POST', '/api/address', xvAddress(uuid));
    expect(address.statusCode).toBe(201);
    // The address saved, the pin stays where the partner put it, and nobody asked the geocoder.
    expect(await placeOf(uuid)).toEqual({ ...PIN, source: 'pin' });
    expect(fake.requests.length).toBe(before);
    const moved = await as('PUT', `/api/partner/${partner.user.uuid}/coworking/${uuid}`, {
      ...clinicBody,
      latitude: -25.44,
      longitude: -49.28,
    });
    expect(moved.json().data).toMatchObject({ latitude: -25.44, longitude: -49.28, location_source: 'pin' });
    // A save without the pin's fields leaves the place as it is.
    await as('PUT', `/api/partner/${partner.user.uuid}/coworking/${uuid}`, clinicBody);
    expect(await placeOf(uuid)).toEqual({ lat: -25.44, lng: -49.28, source: 'pin' });
    const cleared = await as('PUT', `/api/partner/${partner.user.uuid}/coworking/${uuid}`, {
      ...clinicBody,
      latitude: null,
      longitude: null,
    });
    expect(cleared.json().data).toMatchObject({
      latitude: XV.lat,
      longitude: XV.lng,
      location_source: 'address',
    });
  });

  it('never fails a save on the geocoder: down, the address is saved and the clinic stays unplaced', async () => {
    const clinic = await createClinic(t, partner.user, partner.token, 'Clínica Sem Mapa');
    fake.down = true;
    try {
      const saved = await as('POST', '/api/address', {
        ...xvAddress(clinic.uuid),
        zip_code: '80020-000',
        street: 'Rua Marechal Deodoro',
        number: '10',
      });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(await placeOf(clinic.uuid)).toEqual({ lat: null, lng: null, source: null });
    } finally {
      fake.down = false;
    }
    // A failure is not cached: the same address is asked again on the next save.
    const again = await as('POST', '/api/address', {
      ...xvAddress(clinic.uuid),
      zip_code: '80020-000',
      street: 'Rua Marechal Deodoro',
      number: '10',
    });
    expect(again.statusCode).toBe(201);
    // Not found is an answer: cached, and the clinic has no place.
    await vi.waitFor(
      async () => {
        const rows = await t.db.select().from(geocodeCache);
        expect(rows.some((row) => row.query.includes('marechal deodoro') && row.latitude === null)).toBe(
          true,
        );
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(await placeOf(clinic.uuid)).toEqual({ lat: null, lng: null, source: null });
  });

  it('refuses half a pin and a latitude off the Earth in Portuguese', async () => {
    const half = await as('POST', `/api/partner/${partner.user.uuid}/coworking`, {
      ...clinicBody,
      latitude: -23,
    });
    expect(half.statusCode).toBe(422);
    expect(half.json().message).toBe('Informe latitude e longitude juntas.');
    const far = await as('POST', `/api/partner/${partner.user.uuid}/coworking`, {
      ...clinicBody,
      latitude: 91,
      longitude: 0,
    });
    expect(far.statusCode).toBe(422);
    expect(far.json().message).toBe('Latitude inválida.');
  });
});

describe('GET /api/geocode', () => {
  const geocode = (q: string, ip = '198.51.100.7') =>
    request(t.app, { method: 'GET', url: `/api/geocode?q=${encodeURIComponent(q)}`, remoteAddress: ip });

  it('finds a typed address and a CEP (through an address of ours with it)', async () => {
    const typed = await geocode('Avenida Paulista, 1578');
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json()).toEqual({ data: { ...PAULISTA, label: 'Avenida Paulista, 1578' } });
    const cep = await geocode('80010-000');
    expect(cep.statusCode, cep.body).toBe(200);
    expect(cep.json().data).toEqual({ ...XV, label: 'Rua XV de Novembro, Centro, Curitiba – PR' });
  });

  it('answers 404 for an unknown place, 422 for a bad text, 429 past the limit', async () => {
    const unknown = await geocode('Rua que não existe');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Endereço não encontrado.');
    const short = await geocode('a');
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toBe('Informe o endereço ou o CEP.');
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await geocode('Avenida Paulista', '203.0.113.9')).statusCode;
    expect(last).toBe(429);
  });

  it('answers 503 while the geocoder is down, and off', async () => {
    fake.down = true;
    try {
      const down = await geocode('Avenida Brasil, 500');
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('60');
      expect(down.json().message).toMatch(/indisponível/);
    } finally {
      fake.down = false;
    }
    const off = await createTestContext({ GEOCODER_URL: 'off' });
    try {
      const res = await request(off.app, { method: 'GET', url: '/api/geocode?q=Avenida%20Brasil' });
      expect(res.statusCode).toBe(503);
    } finally {
      await off.close();
    }
  });
});

describe('the map’s tiles in the public config', () => {
  it('serves OpenStreetMap’s tiles and credit by default, and lets the CSP load them', async () => {
    const res = await request(t.app, { method: 'GET', url: '/api/config' });
    expect(res.json().data).toMatchObject({
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      mapTileAttribution:
        '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    });
    expect(res.headers['content-security-policy']).toMatch(/img-src [^;]*https:\/\/tile\.openstreetmap\.org/);
    const other = loadConfig({
      NODE_ENV: 'test',
      MAP_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© Exemplo',
    });
    expect(other.mapTileSource).toBe('https://*.tiles.example.com');
    expect(other.publicLinks.mapTileAttribution).toBe('© Exemplo');
    expect(() => loadConfig({ NODE_ENV: 'test', MAP_TILE_URL: 'https://tiles.example.com/x.png' })).toThrow(
      /MAP_TILE_URL/,
    );
  });
});
