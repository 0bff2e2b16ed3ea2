/**
 * The public pages as a crawler and a link preview read them (DESIGN §9 "Public pages seen without
 * JavaScript"): the HTML the server answers, with no script run, over the demo market.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, clinics, rooms } from '../../db/schema.ts';
import { seedDemoDataIfEmpty } from '../../db/seed/demo.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { schemaOrgProblems } from '../../test/schema-org.ts';

const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-web-'));
fs.writeFileSync(
  path.join(webRoot, 'index.html'),
  fs.readFileSync(path.join(import.meta.dirname, '../../../web/index.html'), 'utf8'),
);
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({}, { webRoot });
  await seedDemoDataIfEmpty(t.db, t.storage, t.clock.now);
}, 120_000);
afterAll(() => t.close());

const get = (url: string) => request(t.app, { method: 'GET', url });

/** What a reader without JavaScript sees inside the app's element: text, links and images. */
function visible(html: string) {
  const root = html.slice(html.indexOf('<div id="root">'));
  const body = root.replace(/<style[\s\S]*?<\/style>/g, '').replace(/<script[\s\S]*?<\/script>/g, '');
  return {
    text: body
      .replace(/<[^>]+>/g, ' ')
      .replace(/&nbsp;|\u00a0/g, ' ')
      .replace(/\s+/g, ' '),
    h1: [...body.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, '').trim()),
    links: [...body.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]!),
    images: [...body.matchAll(/<img [^>]*>/g)].map((m) => m[0]),
  };
}

const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
const brl = (cents: number) => `R$ ${(cents / 100).toFixed(2).replace('.', ',')}`;

type Summary = {
  uuid: string;
  name: string;
  hour_price_cents: number;
  clinic: { name: string; address: { neighborhood: string; city: string } | null };
};
async function firstRooms(page = 1): Promise<Summary[]> {
  const res = await request(t.app, {
    method: 'POST',
    url: `/api/customer/room/genericsearch?page=${page}`,
    payload: {},
  });
  return res.json().data;
}
/** The pager's links as the HTML has them, by their names (`&amp;` read back as `&`). */
const pagerLinks = (html: string): Record<string, string> =>
  Object.fromEntries(
    [...html.matchAll(/<a [^>]*>/g)].flatMap((m) => {
      const label = /aria-label="(Página \d+|Página anterior|Próxima página)"/.exec(m[0])?.[1];
      const href = /href="([^"]*)"/.exec(m[0])?.[1];
      return label && href ? [[label, href.replaceAll('&amp;', '&')]] : [];
    }),
  );

/** Open Graph, twitter:card and canonical of any public page. */
function expectSharable(html: string, url: string) {
  expect(canonicalOf(html), url).toBe(`${t.config.publicUrl}${url}`);
  expect(metaOf(html, 'og:url'), url).toBe(`${t.config.publicUrl}${url}`);
  for (const key of ['og:title', 'og:description', 'og:image', 'twitter:card', 'twitter:image'])
    expect(metaOf(html, key), `${url} ${key}`).toBeTruthy();
  expect(metaOf(html, 'og:image:width'), url).toBe('1200');
  expect(metaOf(html, 'og:image:height'), url).toBe('630');
  expect(metaOf(html, 'twitter:card'), url).toBe('summary_large_image');
  // X reads the image's description from its own tag, as link previews read og:image:alt.
  expect(metaOf(html, 'twitter:image:alt'), url).toBe(metaOf(html, 'og:image:alt'));
  expect(metaOf(html, 'og:image:alt'), url).toBeTruthy();
  expect(html.match(/<title>/g), url).toHaveLength(1);
  expect(/<meta name="description" content="([^"]+)"/.exec(html)?.[1], url).toBe(
    metaOf(html, 'og:description'),
  );
  for (const item of jsonLd(html)) expect(schemaOrgProblems(item), url).toEqual([]);
}

describe('public pages read without JavaScript', () => {
  it('the home: its heading, the first rooms with price and place, links to rooms and to every city page', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    const page = visible(res.body);
    expect(page.h1).toEqual(['Salas por hora para profissionais da saúde']);
    const [first] = await firstRooms();
    expect(page.text).toContain(first!.name);
    expect(page.text).toContain(brl(first!.hour_price_cents));
    expect(page.links).toContain(`/rooms/${first!.uuid}`);
    const cities = (await get('/api/cities')).json().data as { slug: string; name: string }[];
    expect(cities.map((c) => c.slug)).toEqual(expect.arrayContaining(['sao-paulo', 'rio-de-janeiro']));
    for (const city of cities) expect(page.links).toContain(`/salas/${city.slug}`);
    expectSharable(res.body, '/');
    const types = jsonLd(res.body).map((item) => item['@type']);
    expect(types).toEqual(expect.arrayContaining(['Organization', 'WebSite']));
    const site = jsonLd(res.body).find((item) => item['@type'] === 'WebSite')!;
    expect(site.potentialAction).toMatchObject({
      '@type': 'SearchAction',
      target: { urlTemplate: `${t.config.publicUrl}/rooms?search={search_term_string}` },
    });
  });

  it('the room list (and a search): heading, every room of the page with name, clinic, neighbourhood and price', async () => {
    const res = await get('/rooms');
    expect(res.statusCode).toBe(200);
    const page = visible(res.body);
    expect(page.h1).toHaveLength(1);
    for (const room of await firstRooms()) {
      expect(page.text).toContain(room.name);
      expect(page.text).toContain(room.clinic.address!.neighborhood);
      expect(page.links).toContain(`/rooms/${room.uuid}`);
    }
    expectSharable(res.body, '/rooms');
    const searched = await get('/rooms?search=Pinheiros');
    expect(visible(searched.body).text).toContain('Pinheiros');
    // A search is the list narrowed: the list is what search engines should index.
    expect(canonicalOf(searched.body)).toBe(`${t.config.publicUrl}/rooms`);
  });

  it('a room page: name, description, price, facilities and photos as <img>, with an Offer in BRL per hour', async () => {
    const [first] = await firstRooms();
    const detail = (await get(`/api/rooms/${first!.uuid}`)).json().data;
    const res = await get(`/rooms/${first!.uuid}`);
    expect(res.statusCode).toBe(200);
    const page = visible(res.body);
    expect(page.h1).toEqual([detail.name]);
    expect(page.text).toContain(detail.description.slice(0, 60));
    expect(page.text).toContain(brl(detail.hour_price_cents));
    for (const facility of detail.facilities) expect(page.text).toContain(facility.name);
    expect(detail.photos.length).toBeGreaterThan(0);
    for (const photo of detail.photos) expect(page.images.join('\n')).toContain(photo.url);
    expectSharable(res.body, `/rooms/${first!.uuid}`);
    // The preview image is the cover, as a 1200 × 630 JPEG.
    const image = metaOf(res.body, 'og:image')!;
    expect(image).toMatch(/\/api\/photo\/[0-9a-f-]{36}\/share\.jpg$/);
    const jpeg = await get(image.slice(t.config.publicUrl.length));
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1200,
      height: 630,
    });
    // The cover is asked for at once, before any script, as the gallery's <img> will pick it.
    const cover = detail.photos[0].url;
    expect(res.body).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${cover}?size=lg" imagesrcset="${cover}?size=sm 640w, ${cover}?size=lg 1600w" imagesizes="`,
    );
    // (attribute names are case-insensitive in HTML; React writes srcSet)
    expect(page.images[0]?.toLowerCase()).toContain(`srcset="${cover}?size=sm 640w, ${cover}?size=lg 1600w"`);

    const [product, crumbs] = jsonLd(res.body);
    expect(product).toMatchObject({
      '@type': 'Product',
      name: detail.name,
      offers: {
        '@type': 'Offer',
        price: (detail.hour_price_cents / 100).toFixed(2),
        priceCurrency: 'BRL',
        priceSpecification: { '@type': 'UnitPriceSpecification', unitCode: 'HUR', priceCurrency: 'BRL' },
      },
    });
    expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    const trail = (crumbs!.itemListElement as { name: string; item: string }[]).map((i) => i.item);
    expect(trail).toEqual([
      `${t.config.publicUrl}/`,
      `${t.config.publicUrl}/salas/${first!.clinic.address!.city === 'São Paulo' ? 'sao-paulo' : expect.any(String)}`,
      `${t.config.publicUrl}/rooms/${first!.uuid}`,
    ]);
  });

  it('a room page picks hours without JavaScript: the month, the days and the hours are links that carry the choice', async () => {
    const [first] = await firstRooms();
    const room = `/rooms/${first!.uuid}`;
    const today = t.clock.now.toISOString().slice(0, 10);
    const fromHtml = (href: string) => href.replaceAll('&amp;', '&');
    const opening = visible((await get(room)).body);
    // Today's month: a link to the next one; every day with free hours a link that shows it.
    const nextMonth = new Date(`${today.slice(0, 7)}-15T12:00:00Z`);
    nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
    expect(opening.links).toContain(`${room}?mes=${nextMonth.toISOString().slice(0, 7)}`);
    // (the card's links; the phone's sheet drawn without scripts has the same ones ending in #horarios)
    const days = opening.links.filter((l) => /\?dia=[\d-]{10}$/.test(l)).map((l) => l.slice(-10));
    expect(opening.links).toContain(`${room}?dia=${days[0]}#horarios`);
    expect(days.length).toBeGreaterThan(0);
    expect(
      days.filter((d) => d < today || !d.startsWith(today.slice(0, 7))),
      today,
    ).toEqual([]);

    // A day with a free and a taken hour (the demo books some): each free hour a link, no taken one.
    let day = '';
    let slots: { date_time: string; available: boolean }[] = [];
    for (const d of days) {
      slots = (await get(`/api/customer/room/${first!.uuid}/availability/${d}`)).json().data.slots;
      day = d;
      if (slots.some((s) => s.available) && slots.some((s) => !s.available)) break;
    }
    const shown = await get(`${room}?dia=${day}`);
    expect(shown.statusCode).toBe(200);
    const hourLinks = visible(shown.body).links.filter((l) => l.includes('h=') && !l.includes('#'));
    const picks = hourLinks.map((l) => new URLSearchParams(fromHtml(l).split('?')[1]).get('h')!.split(','));
    for (const slot of slots) {
      expect(
        picks.some((h) => h.includes(slot.date_time)),
        slot.date_time,
      ).toBe(slot.available);
    }
    expect(shown.body).toMatch(/role="checkbox" aria-checked="false" aria-label="\d\d:\d\d livre"/);
    // Crawlers are asked not to follow them (robots.txt keeps them out too): the page's canonical is the room's.
    const calendarLinks = shown.body.match(/<a [^>]*href="[^"]*[?&;](?:mes|dia|h)=[^"]*"[^>]*>/g) ?? [];
    expect(calendarLinks.length).toBeGreaterThan(hourLinks.length);
    for (const a of calendarLinks) expect(a).toContain('rel="nofollow"');
    expect(canonicalOf(shown.body)).toBe(`${t.config.publicUrl}${room}`);

    // Following an hour's link: picked, the total and "Reservar" ready.
    const href = fromHtml(hourLinks[0]!);
    const picked = new URLSearchParams(href.split('?')[1]).get('h')!.split(',');
    const page = await get(href);
    const text = visible(page.body).text;
    expect(text).toContain(
      picked.length === 1 ? '1 horário escolhido' : `${picked.length} horários escolhidos`,
    );
    expect(text.replace(/ :/g, ':')).toContain(`Total: ${brl(first!.hour_price_cents * picked.length)}`);
    expect(page.body).toContain(`aria-checked="true" aria-label="${picked[0]!.slice(11, 16)} livre"`);
    // Following it again drops the hour.
    expect(visible(page.body).links, 'the picked hour links to the page without it').toContain(
      `${room}?dia=${day}`,
    );

    // A broken day or month in the address is today's month, never an error.
    for (const query of ['dia=2026-02-31', 'mes=abc', 'dia=1999-01-01&mes=2999-01', 'h=x,y']) {
      const odd = await get(`${room}?${query}`);
      expect(odd.statusCode, query).toBe(200);
      expect(visible(odd.body).h1, query).toEqual([first!.name]);
    }
  });

  it('a city page: its rooms and neighbourhoods; a city without a published room answers 404 with a way back', async () => {
    const res = await get('/salas/sao-paulo');
    expect(res.statusCode).toBe(200);
    const page = visible(res.body);
    expect(page.h1).toEqual(['Salas por hora em São Paulo']);
    const api = (await get('/api/cities/sao-paulo')).json().data;
    expect(api.rooms.length).toBeGreaterThan(1);
    for (const room of api.rooms) {
      expect(page.text).toContain(room.name);
      expect(page.links).toContain(`/rooms/${room.uuid}`);
      expect(room.clinic.address.city).toBe('São Paulo');
    }
    for (const n of api.neighborhoods) expect(page.text).toContain(n.name);
    expectSharable(res.body, '/salas/sao-paulo');
    expect(jsonLd(res.body).map((i) => i['@type'])).toEqual(['BreadcrumbList', 'ItemList']);

    for (const url of ['/salas/atlantida', '/salas/sao-paulo-de-olivenca']) {
      const missing = await get(url);
      expect(missing.statusCode, url).toBe(404);
      expect(visible(missing.body).h1, url).toEqual(['Cidade sem salas']);
      expect(visible(missing.body).links, url).toContain('/rooms');
    }
    const api404 = await get('/api/cities/atlantida');
    expect(api404.statusCode).toBe(404);
    expect(api404.json().message).toBe('Não há salas publicadas nesta cidade.');
    expect((await get('/api/cities/S%C3%A3o%20Paulo')).statusCode).toBe(404);
  });

  it('a city whose every room is a draft has no page and leaves the list of cities', async () => {
    const bh = (await get('/api/cities/belo-horizonte')).json().data;
    for (const room of bh.rooms)
      await t.db.update(rooms).set({ published: false }).where(eq(rooms.uuid, room.uuid));
    expect((await get('/salas/belo-horizonte')).statusCode).toBe(404);
    const cities = (await get('/api/cities')).json().data as { slug: string }[];
    expect(cities.map((c) => c.slug)).not.toContain('belo-horizonte');
    expect((await get('/sitemap.xml')).body).not.toContain('/salas/belo-horizonte');
    for (const room of bh.rooms)
      await t.db.update(rooms).set({ published: true }).where(eq(rooms.uuid, room.uuid));
  });

  it('an unknown room answers 404 with its not-found page drawn and the way back to search', async () => {
    const res = await get('/rooms/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    const page = visible(res.body);
    expect(page.h1).toEqual(['Sala não encontrada']);
    expect(page.links).toContain('/rooms');
    expect((await get('/rooms/nada')).statusCode).toBe(404);
  });
});

describe('lists paged by links (DESIGN §10 "Crawlers")', () => {
  const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const positions = (html: string) =>
    (jsonLd(html).find((i) => i['@type'] === 'ItemList')!.itemListElement as { position: number }[]).map(
      (i) => i.position,
    );

  it('/rooms: every page an <a href> drawn by the server, each page its own canonical, page 2 with rooms 16–30', async () => {
    const first = await get('/rooms');
    expect(pagerLinks(first.body)).toEqual({
      'Página 1': '/rooms',
      'Página 2': '/rooms?page=2',
      'Próxima página': '/rooms?page=2',
    });
    expect(canonicalOf(first.body)).toBe(`${t.config.publicUrl}/rooms`);

    const second = await get('/rooms?page=2');
    expect(second.statusCode).toBe(200);
    expectSharable(second.body, '/rooms?page=2');
    expect(titleOf(second.body)).toBe('Salas disponíveis por hora, página 2 — Salas');
    expect(pagerLinks(second.body)).toEqual({
      'Página anterior': '/rooms',
      'Página 1': '/rooms',
      'Página 2': '/rooms?page=2',
    });
    const [pageOne, pageTwo] = [await firstRooms(1), await firstRooms(2)];
    expect(pageTwo).toHaveLength(15);
    const links = visible(second.body).links;
    for (const room of pageTwo) expect(links).toContain(`/rooms/${room.uuid}`);
    for (const room of pageOne) expect(links).not.toContain(`/rooms/${room.uuid}`);
    expect(positions(second.body)).toEqual(Array.from({ length: 15 }, (_, i) => 16 + i));
  });

  it('/rooms: the links keep the search, filters and order; a narrowed list keeps /rooms as canonical', async () => {
    const sorted = await get('/rooms?ordem=name');
    expect(pagerLinks(sorted.body)).toMatchObject({
      'Página 1': '/rooms?ordem=name',
      'Página 2': '/rooms?ordem=name&page=2',
    });
    const second = await get('/rooms?ordem=name&page=2');
    expect(second.statusCode).toBe(200);
    expect(canonicalOf(second.body)).toBe(`${t.config.publicUrl}/rooms`);
    expect(pagerLinks(second.body)['Página anterior']).toBe('/rooms?ordem=name');
  });

  it('a page past the last answers 302 to the last, the rest of the address kept', async () => {
    for (const [from, to] of [
      ['/rooms?page=7', '/rooms?page=2'],
      ['/rooms?ordem=name&page=99999', '/rooms?ordem=name&page=2'],
      ['/rooms?search=Nenhures&page=3', '/rooms?search=Nenhures'],
    ]) {
      const res = await get(from!);
      expect(res.statusCode, from).toBe(302);
      expect(res.headers.location, from).toBe(to);
    }
    // Anything else in `page` is the first page, never an error.
    for (const url of ['/rooms?page=x', '/rooms?page=0', '/rooms?page=-1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(canonicalOf(res.body), url).toBe(`${t.config.publicUrl}/rooms`);
    }
  });

  it('a city page: its rooms 24 a page behind links, each page its own canonical, the neighbourhoods of all', async () => {
    // Every demo clinic moved to São Paulo for the test, put back after.
    const places = await t.db
      .select({ id: addresses.id, city: addresses.city, state: addresses.state })
      .from(addresses)
      .innerJoin(clinics, eq(clinics.addressId, addresses.id));
    const ids = places.map((p) => p.id);
    await t.db.update(addresses).set({ city: 'São Paulo', state: 'SP' }).where(inArray(addresses.id, ids));
    try {
      const api = (await get('/api/cities/sao-paulo')).json();
      const total = api.meta.total as number;
      expect(total).toBeGreaterThan(24);
      expect(api.meta).toEqual({ current_page: 1, last_page: 2, per_page: 24, total });
      expect(api.data.rooms).toHaveLength(24);
      const api2 = (await get('/api/cities/sao-paulo?page=2')).json();
      expect(api2.data.rooms).toHaveLength(total - 24);
      expect(api2.data.neighborhoods).toEqual(api.data.neighborhoods);
      expect(api.data.neighborhoods.reduce((n: number, x: { rooms: number }) => n + x.rooms, 0)).toBe(total);

      const first = await get('/salas/sao-paulo');
      expect(pagerLinks(first.body)).toEqual({
        'Página 1': '/salas/sao-paulo',
        'Página 2': '/salas/sao-paulo?page=2',
        'Próxima página': '/salas/sao-paulo?page=2',
      });
      expectSharable(first.body, '/salas/sao-paulo');
      const second = await get('/salas/sao-paulo?page=2&utm_source=x');
      expect(second.statusCode).toBe(200);
      expectSharable(second.body, '/salas/sao-paulo?page=2');
      expect(titleOf(second.body)).toBe('Salas por hora em São Paulo – SP, página 2 — Salas');
      const links = visible(second.body).links;
      for (const room of api2.data.rooms) expect(links).toContain(`/rooms/${room.uuid}`);
      for (const room of api.data.rooms) expect(links).not.toContain(`/rooms/${room.uuid}`);
      expect(positions(second.body)[0]).toBe(25);
      for (const n of api.data.neighborhoods) expect(visible(second.body).text).toContain(n.name);

      const past = await get('/salas/sao-paulo?page=3');
      expect(past.statusCode).toBe(302);
      expect(past.headers.location).toBe('/salas/sao-paulo?page=2');
    } finally {
      for (const p of places)
        await t.db.update(addresses).set({ city: p.city, state: p.state }).where(eq(addresses.id, p.id));
    }
  });
});

describe('one address per page', () => {
  it('answers 301 to the canonical spelling: lower-case uuid, no trailing slash, the city’s slug; the query kept', async () => {
    const [first] = await firstRooms();
    const upper = first!.uuid.toUpperCase();
    for (const [from, to] of [
      [`/rooms/${upper}`, `/rooms/${first!.uuid}`],
      [`/rooms/${upper}/`, `/rooms/${first!.uuid}`],
      [`/rooms/${first!.uuid}/?date=2030-01-07`, `/rooms/${first!.uuid}?date=2030-01-07`],
      ['/rooms/', '/rooms'],
      ['/rooms/?search=Pinheiros', '/rooms?search=Pinheiros'],
      ['/salas/sao-paulo/', '/salas/sao-paulo'],
      ['/salas/S%C3%A3o-Paulo', '/salas/sao-paulo'],
      ['/salas/RIO-DE-JANEIRO', '/salas/rio-de-janeiro'],
    ]) {
      const res = await get(from!);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
  });

  it('lists the city pages in the sitemap beside home, the list and the rooms', async () => {
    const body = (await get('/sitemap.xml')).body;
    const cities = (await get('/api/cities')).json().data as { slug: string }[];
    for (const city of cities) expect(body).toContain(`<loc>${t.config.publicUrl}/salas/${city.slug}</loc>`);
    expect(body).toContain(`<loc>${t.config.publicUrl}/rooms</loc>`);
  });
});

describe('the browser takes the page over from the same data', () => {
  it('carries the query data the page was drawn from, and no way out of its script', async () => {
    const [first] = await firstRooms();
    const html = (await get(`/rooms/${first!.uuid}`)).body;
    const state = JSON.parse(
      /<script type="application\/json" id="salas-state">([^<]*)<\/script>/.exec(html)![1]!,
    );
    const api = (await get(`/api/rooms/${first!.uuid}`)).json().data;
    const room = state.queries.find((q: { queryKey: unknown[] }) => q.queryKey[1] === 'detail');
    expect(room.queryKey).toEqual(['rooms', 'detail', first!.uuid]);
    expect(room.state.data).toEqual(api);
    // Nothing the page's data holds can end the script element early.
    await t.db
      .update(rooms)
      .set({ name: '</script><script>alert(1)</script>' })
      .where(eq(rooms.uuid, first!.uuid));
    const hostile = (await get(`/rooms/${first!.uuid}`)).body;
    expect(hostile).not.toContain('<script>alert(1)');
    await t.db.update(rooms).set({ name: first!.name }).where(eq(rooms.uuid, first!.uuid));
  });
});
