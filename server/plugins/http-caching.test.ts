import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedDate } from '#common/time/zone';
import { createTestContext, request, type TestContext } from '../test/app.ts';
import { signedInAs } from '../test/fixtures.ts';
import { multipart } from '../test/multipart.ts';
import { bookByCard, createClinic, createRoom, openClinic, saveCard } from '../test/supply-fixtures.ts';

/** A built app in miniature: index.html, a hashed script with the build's .br and .gz beside it. */
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-cache-'));
const script = `console.log(${JSON.stringify('Salas '.repeat(400))});`;
fs.writeFileSync(
  path.join(webRoot, 'index.html'),
  fs.readFileSync(path.join(import.meta.dirname, '../../web/index.html'), 'utf8'),
);
fs.mkdirSync(path.join(webRoot, 'assets'));
const asset = path.join(webRoot, 'assets', 'app-Ab12Cd34.js');
fs.writeFileSync(asset, script);
fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(script));

let t: TestContext;
let photoUrl: string;
let feedUrl: string;

beforeAll(async () => {
  t = await createTestContext({}, { webRoot });
  const partner = await signedInAs(t, 'partner');
  const clinic = await createClinic(t, partner.user, partner.token);
  const room = await createRoom(t, partner.user, partner.token, clinic.uuid);
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0b7a75' } })
    .jpeg()
    .toBuffer();
  const body = multipart({ type: 'room', uuid: room.uuid }, [
    { field: 'photos', filename: 'sala.jpg', type: 'image/jpeg', data: jpeg },
  ]);
  const uploaded = await request(t.app, {
    method: 'POST',
    url: '/api/photo/bulk',
    token: partner.token,
    payload: body.payload,
    headers: body.headers,
  });
  photoUrl = uploaded.json().data[0].url;
  const feed = await request(t.app, {
    method: 'POST',
    url: `/api/partner/${partner.user.uuid}/ical`,
    token: partner.token,
  });
  feedUrl = new URL(feed.json().data.url).pathname;
  const specialist = await signedInAs(t, 'customer');
  const card = await saveCard(t, specialist.user, specialist.token);
  const day = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 3);
  await openClinic(
    t,
    partner.user,
    partner.token,
    clinic.uuid,
    [new Date(`${day}T12:00:00Z`).getUTCDay()],
    ['08:00', '18:00'],
  );
  await bookByCard(t, specialist.token, room.uuid, card.uuid, [`${day}T10:00:00-03:00`]);
}, 60_000);
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  request(t.app, { method: 'GET', url, headers, xsrf: false });

describe('HTTP caching and compression', () => {
  it('serves hashed assets for a year, pre-compressed by the client’s choice, with Vary and 304', async () => {
    const br = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gzip = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    const plain = await get('/assets/app-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);

    const again = await get('/assets/app-Ab12Cd34.js', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
  });

  it('compresses the HTML document and JSON above 1 KB (br, else gzip) and says it varies', async () => {
    const page = await get('/rooms', { 'accept-encoding': 'br, gzip' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');

    const docs = await get('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(docs.headers['content-encoding']).toBe('gzip');
    expect(docs.headers.vary).toMatch(/accept-encoding/i);
    const json = zlib.gunzipSync(docs.rawPayload);
    expect(JSON.parse(json.toString()).openapi).toMatch(/^3\./);
    expect(docs.rawPayload.length).toBeLessThan(json.length / 4);

    const identity = await get('/api/docs/json');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json().openapi).toMatch(/^3\./);
  });

  it('leaves small answers and images as they are', async () => {
    const health = await get('/api/config', { 'accept-encoding': 'br, gzip' });
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
    const photo = await get(photoUrl, { 'accept-encoding': 'br, gzip' });
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.headers['content-encoding']).toBeUndefined();
  });

  it('answers 304 to a photo the client already holds, and 200 to one it does not', async () => {
    const first = await get(photoUrl);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    for (const header of [etag, `W/${etag}`, `"outra", ${etag}`, '*']) {
      const held = await get(photoUrl, { 'if-none-match': header });
      expect(held.statusCode, header).toBe(304);
      expect(held.rawPayload).toHaveLength(0);
      expect(held.headers.etag).toBe(etag);
    }
    expect((await get(photoUrl, { 'if-none-match': '"outra"' })).statusCode).toBe(200);
    expect((await get(`${photoUrl}?size=sm`, { 'if-none-match': etag })).statusCode).toBe(200);
    const missing = await get('/api/photo/00000000-0000-4000-8000-000000000000', { 'if-none-match': '*' });
    expect(missing.statusCode).toBe(404);
  });

  it('gives the iCal feed an ETag that holds while the agenda does not change', async () => {
    const first = await get(feedUrl, { 'accept-encoding': 'gzip' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('text/calendar');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const second = await get(feedUrl);
    expect(second.headers.etag).toBe(etag);
    const held = await get(feedUrl, { 'if-none-match': etag });
    expect(held.statusCode).toBe(304);
    expect(held.rawPayload).toHaveLength(0);
    expect((await get(feedUrl, { 'if-none-match': '"antiga"' })).statusCode).toBe(200);
  });
});
