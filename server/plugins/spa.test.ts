import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PageHead } from '../features/public-pages/public-page.ts';
import { createTestContext, request, type TestContext } from '../test/app.ts';
import { signedInAs } from '../test/fixtures.ts';
import { createClinic, createRoom } from '../test/supply-fixtures.ts';
import { assemblePage, withPreloads } from './spa.ts';

const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-web-'));
fs.writeFileSync(
  path.join(webRoot, 'index.html'),
  fs.readFileSync(path.join(import.meta.dirname, '../../web/index.html'), 'utf8'),
);
fs.mkdirSync(path.join(webRoot, 'assets'));
fs.writeFileSync(path.join(webRoot, 'assets', 'app-1234.js'), 'console.log(1);');
fs.writeFileSync(
  path.join(webRoot, 'manifest.webmanifest'),
  fs.readFileSync(path.join(import.meta.dirname, '../../web/public/manifest.webmanifest'), 'utf8'),
);
let t: TestContext;
let room: { uuid: string };

beforeAll(async () => {
  t = await createTestContext({}, { webRoot });
  const partner = await signedInAs(t, 'partner');
  const clinic = await createClinic(t, partner.user, partner.token, 'Clínica "Bem" & Viver');
  room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala <Azul>', '1.0000');
  await createRoom(
    t,
    partner.user,
    partner.token,
    clinic.uuid,
    '</script><script>alert(1)</script>',
    '1.0000',
  );
});
afterAll(() => t.close());

describe('public room pages for links and search engines', () => {
  it('carry the room’s title, description and Open Graph tags, escaped', async () => {
    const res = await request(t.app, { method: 'GET', url: `/rooms/${room.uuid}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<title>Sala &lt;Azul&gt; · Clínica &quot;Bem&quot; &amp; Viver — Salas</title>');
    expect(html).toMatch(
      /<meta name="description" content="Sala &lt;Azul&gt; em Clínica &quot;Bem&quot; &amp; Viver, R\$\s60,00 por hora\./,
    );
    expect(html).toContain(
      '<meta property="og:title" content="Sala &lt;Azul&gt; · Clínica &quot;Bem&quot; &amp; Viver — Salas" />',
    );
    expect(html).toContain(`<meta property="og:url" content="${t.config.publicUrl}/rooms/${room.uuid}" />`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('<Azul>');
  });

  it('leave the signed-in pages with the site’s own title and no Open Graph', async () => {
    for (const url of ['/especialista/agendamentos', '/parceiro/gestao/salas', '/signin']) {
      const res = await request(t.app, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Salas — salas para especialistas da saúde</title>');
      expect(res.body).not.toContain('og:title');
      expect(res.body).toContain('Carregando...');
    }
  });
});

/** The query data the server drew a page from (TanStack Query's dehydrated state; web/main.tsx reads it). */
function serverState(html: string): { queries: { queryKey: unknown[]; state: { data: unknown } }[] } | null {
  const match = html.match(/<script type="application\/json" id="salas-state">([^<]*)<\/script>/);
  return match ? JSON.parse(match[1]!) : null;
}
const searchData = (html: string) =>
  serverState(html)?.queries.filter((q) => q.queryKey[1] === 'search') ?? [];

describe('public pages carry the data they were drawn from', () => {
  it('the room list: the page the browser would ask for, under its query key, and no way out of the script', async () => {
    const html = (await request(t.app, { method: 'GET', url: '/rooms?ordem=price_desc&page=1' })).body;
    const api = (
      await request(t.app, {
        method: 'POST',
        url: '/api/customer/room/genericsearch?page=1',
        payload: { value: null, date: null, attributeSortBy: 'price_desc' },
      })
    ).json();
    const [search] = searchData(html);
    expect(search?.queryKey).toEqual([
      'rooms',
      'search',
      { value: null, date: null, attributeSortBy: 'price_desc' },
      1,
    ]);
    expect(search?.state.data).toEqual(api);
    expect(api.data.map((r: { name: string }) => r.name)).toContain('</script><script>alert(1)</script>');
    expect(html).not.toContain('<script>alert(1)');
  });

  it('every public page carries the links GET /api/config answers (the footer and help buttons)', async () => {
    const config = (await request(t.app, { method: 'GET', url: '/api/config' })).json();
    for (const url of ['/', '/rooms']) {
      const html = (await request(t.app, { method: 'GET', url })).body;
      const links = serverState(html)?.queries.find((q) => q.queryKey[0] === 'config');
      expect(links?.queryKey).toEqual(['config']);
      expect(links?.state.data).toEqual(config.data);
    }
  });

  it('a search with a date (the slow kind) is left to the browser, not run twice', async () => {
    const res = await request(t.app, { method: 'GET', url: '/rooms?search=sala&date=2030-01-07' });
    expect(res.statusCode).toBe(200);
    expect(searchData(res.body)).toEqual([]);
    const text = await request(t.app, { method: 'GET', url: '/rooms?search=sala' });
    expect(searchData(text.body).map((q) => q.queryKey)).toEqual([
      ['rooms', 'search', { value: 'sala', date: null, attributeSortBy: 'relevance' }, 1],
    ]);
  });

  it('a search the API would refuse leaves the list to the browser, which shows the error', async () => {
    for (const url of ['/rooms?date=2026-02-31', `/rooms?search=${'x'.repeat(200)}`]) {
      const res = await request(t.app, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(searchData(res.body), url).toEqual([]);
    }
  });
});

describe('the app shell (DESIGN §8)', () => {
  const isApp = (body: string) => body.includes('<div id="root">');

  it('answers the app on every page path, dots in a segment included', async () => {
    for (const url of [
      '/',
      '/signin?redirect=%2Frooms',
      '/two-factors/ana@clinica.com.br',
      '/two-factors/ana%40clinica.com.br?redirect=/rooms',
      '/verificacao',
      '/especialista/agendamentos',
      '/parceiro/configuracoes/dados-bancarios',
      '/parceiro/gestao/clinicas/3f1c2a4e-0000-4000-8000-000000000000',
      '/admin/gestao/planos',
    ]) {
      const res = await request(t.app, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(isApp(res.body), url).toBe(true);
    }
  });

  it('answers the app with 404 on a path that is no page, so it draws "Página não encontrada"', async () => {
    for (const url of [
      '/nada',
      '/admin/gestao/nada',
      '/rooms/a/b',
      '/pagina.html',
      '/ana@clinica.com.br/x',
    ]) {
      const res = await request(t.app, { method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(isApp(res.body), url).toBe(true);
    }
  });

  it('answers a public page with 503 and Retry-After while the database cannot answer, never a 404', async () => {
    const refused = vi.spyOn(t.db, 'select').mockImplementation(() => {
      const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      throw new DrizzleQueryError('select 1', [], cause);
    });
    try {
      for (const url of [`/rooms/${room.uuid}`, '/rooms']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after'], url).toBe('5');
        expect(res.headers['content-type'], url).toContain('text/html');
        expect(isApp(res.body), url).toBe(true);
      }
    } finally {
      refused.mockRestore();
    }
    const back = await t.app.inject({ method: 'GET', url: `/rooms/${room.uuid}` });
    expect(back.statusCode).toBe(200);
  });

  it('serves real files, and a missing file is a short 404, not the app', async () => {
    const script = await request(t.app, { method: 'GET', url: '/assets/app-1234.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('console.log(1);');
    expect(script.headers['cache-control']).toContain('immutable');
    const missing = await request(t.app, { method: 'GET', url: '/assets/app-0000.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/plain');
    const api = await request(t.app, { method: 'GET', url: '/api/nada' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Rota não encontrada.' });
  });

  it('serves the web manifest an installed app needs', async () => {
    const res = await request(t.app, { method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/manifest\+json/);
    const manifest = res.json();
    expect(manifest).toMatchObject({
      name: 'Salas',
      short_name: 'Salas',
      start_url: '/',
      display: 'standalone',
    });
    const sizes = manifest.icons.map(
      (i: { sizes: string; purpose?: string }) => `${i.sizes} ${i.purpose ?? 'any'}`,
    );
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    expect(manifest.theme_color).toBe('#0b7a75');
    for (const icon of manifest.icons) {
      expect(fs.existsSync(path.join(import.meta.dirname, '../../web/public', icon.src)), icon.src).toBe(
        true,
      );
    }
  });
});

describe('the head of a public page', () => {
  // index.html as the build writes it: the entry and its modules, then the entry's styles.
  const built = `<html><head>
    <title>Salas</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/Box-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head><body><div id="root"><div class="boot">Carregando...</div></div></body></html>`;

  const head: PageHead = {
    title: 'Sala Ipê',
    description: 'Uma sala',
    canonicalPath: '/rooms/x',
    type: 'website',
    image: { url: 'https://salas.example/share.jpg', width: 1200, height: 630, alt: 'Sala Ipê' },
    jsonLd: [],
  };

  it('asks for the styles, then the first photo, then the scripts', () => {
    const html = assemblePage(
      withPreloads(built, ['/assets/room-page-1.js', '/assets/room-page-1.css']),
      {
        head,
        firstImage: { href: '/api/photo/x?size=lg', srcset: '/api/photo/x?size=sm 640w', sizes: '100vw' },
      },
      'https://salas.example',
    );
    const at = (needle: string) => {
      const i = html.indexOf(needle);
      expect(i, needle).toBeGreaterThan(-1);
      return i;
    };
    const order = [
      at('href="/assets/index-1.css"'),
      at('href="/assets/room-page-1.css"'),
      at('<link rel="preload" as="image" fetchpriority="high" href="/api/photo/x?size=lg"'),
      at('<script type="module" crossorigin src="/assets/index-1.js">'),
      at('href="/assets/Box-1.js"'),
      at('href="/assets/room-page-1.js"'),
    ];
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // Each stylesheet once.
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(2);
  });

  it('drawn on the server, leaves its scripts to salas-boot.js, which asks for them after the first paint', () => {
    const html = assemblePage(
      withPreloads(built, ['/assets/room-page-1.js']),
      { head, body: { html: '<main><h1>Sala Ipê</h1></main>', state: {} } },
      'https://salas.example',
    );
    expect(html).toContain(
      '<script defer src="/salas-boot.js" data-entry="/assets/index-1.js" data-modules="/assets/Box-1.js /assets/room-page-1.js"></script>',
    );
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('<script type="module"');
    expect(html.indexOf('rel="stylesheet"')).toBeLessThan(html.indexOf('salas-boot.js'));
    expect(html).toContain('<div id="root"><main><h1>Sala Ipê</h1></main></div>');
  });
});
