/**
 * A known API path asked with a method it does not have answers 405 with `Allow` and the usual
 * error shape (issue 28); a path that does not exist stays 404. With and without the web app in
 * front (its page fallback answers every GET it does not know).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#common/errors';
import { createTestContext, request, type TestContext } from '../test/app.ts';

const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-web-'));
fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');

let api: TestContext;
let withWeb: TestContext;
beforeAll(async () => {
  api = await createTestContext();
  withWeb = await createTestContext({}, { webRoot });
}, 60_000);
afterAll(async () => {
  await api.close();
  await withWeb.close();
});

const room = '00000000-0000-4000-8000-00000000beef';

describe('a method the path does not have', () => {
  it('answers 405 with Allow and a Portuguese message, and 404 for a path that does not exist', async () => {
    for (const t of [api, withWeb]) {
      for (const [method, url, allow] of [
        ['DELETE', '/api/customer/room/genericsearch', 'POST'],
        ['GET', '/api/customer/room/genericsearch?page=2', 'POST'],
        ['PATCH', `/api/rooms/${room}`, 'GET, HEAD'],
        ['PUT', `/api/customer/room/${room}/availability/2030-01-07`, 'GET, HEAD'],
        ['PATCH', '/api/partner/room/abc/booking-rules/', 'GET, HEAD, PUT'],
        ['OPTIONS', '/api/user', 'GET, HEAD'],
      ] as const) {
        const res = await request(t.app, { method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(405);
        expect(res.headers.allow, `${method} ${url}`).toBe(allow);
        expect(res.json()).toEqual({ message: messages.methodNotAllowed });
      }
      for (const [method, url] of [
        ['GET', '/api/nada'],
        ['DELETE', '/api/customer/room/genericsearch/extra'],
        ['PATCH', '/api/rooms'],
      ] as const) {
        const res = await request(t.app, { method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ message: messages.routeNotFound });
      }
    }
  });

  it('leaves the web pages alone: an unknown page is the app’s own 404 page', async () => {
    const res = await request(withWeb.app, { method: 'GET', url: '/pagina-que-nao-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
