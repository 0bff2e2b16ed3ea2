import { spawnSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import robotsParser from 'robots-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rooms as roomsTable, users } from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { createClinic, createRoom } from '../../test/supply-fixtures.ts';
import { ROBOTS_ROOM_LIMIT, robotsRules } from './sitemap.routes.ts';

let t: TestContext;
const rooms: Record<'active' | 'inactive' | 'ofInactivePartner', string> = {
  active: '',
  inactive: '',
  ofInactivePartner: '',
};

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: 'https://salas.example.com.br' });
  const partner = await signedInAs(t, 'partner');
  const clinic = await createClinic(t, partner.user, partner.token);
  rooms.active = (await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Ativa')).uuid;
  rooms.inactive = (await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Desativada')).uuid;
  await t.db.update(roomsTable).set({ active: false }).where(eq(roomsTable.uuid, rooms.inactive));

  const other = await signedInAs(t, 'partner');
  const otherClinic = await createClinic(t, other.user, other.token, 'Clínica Suspensa');
  rooms.ofInactivePartner = (await createRoom(t, other.user, other.token, otherClinic.uuid)).uuid;
  await t.db.update(users).set({ active: false }).where(eq(users.id, other.user.id));
});
afterAll(() => t.close());

/** Verdicts of robots-parser (npm): RFC 9309's most specific match, with `*` and `$`. */
function longestMatch(robots: string, paths: string[], agent: string): boolean[] {
  const parsed = robotsParser('https://salas.example.com.br/robots.txt', robots);
  return paths.map((p) => parsed.isAllowed(`https://salas.example.com.br${p}`, agent) === true);
}

/** Verdicts of Python's urllib.robotparser: the first rule that matches, prefixes only. */
function firstMatch(robots: string, paths: string[], agent: string): boolean[] {
  const script = [
    'import json, sys, urllib.robotparser',
    'given = json.load(sys.stdin)',
    'parser = urllib.robotparser.RobotFileParser()',
    'parser.parse(given["robots"].splitlines())',
    'print(json.dumps([parser.can_fetch(given["agent"], p) for p in given["paths"]]))',
  ].join('\n');
  const run = spawnSync('python3', ['-c', script], {
    input: JSON.stringify({ robots, paths, agent }),
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt: photos open, the API, the signed-in areas and the calendar addresses closed — the same verdicts for a longest-match and a first-match parser', async () => {
    const res = await request(t.app, { method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).not.toContain('Allow: /');
    expect(lines).toContain('Sitemap: https://salas.example.com.br/sitemap.xml');

    const photo = '11111111-2222-4333-8444-555555555555';
    const room = rooms.active;
    const open = [
      '/',
      '/rooms',
      '/rooms?page=2',
      `/rooms/${room}`,
      '/salas/sao-paulo',
      '/salas/sao-paulo?page=2',
      `/api/photo/${photo}/share.jpg`,
      `/api/photo/${photo}?size=lg`,
      '/robots.txt',
    ];
    const closed = [
      '/api/rooms',
      `/api/rooms/${room}`,
      '/api/customer/room/genericsearch',
      '/api/photos/room/1',
      '/admin',
      '/admin/dashboard',
      '/parceiro/gestao',
      '/especialista/salas',
      `/rooms/${room}?dia=2030-01-07`,
      `/rooms/${room}?mes=2030-01`,
      `/rooms/${room}?h=2030-01-07T13%3A00%3A00.000Z`,
      `/rooms/${room}?date=2030-01-07&h=2030-01-07T13%3A00%3A00.000Z`,
    ];
    const paths = [...open, ...closed];
    const expected = paths.map((p) => open.includes(p));
    for (const agent of ['Googlebot', 'Twitterbot']) {
      expect(longestMatch(res.body, paths, agent), `robots-parser, ${agent}`).toEqual(expected);
      expect(firstMatch(res.body, paths, agent), `urllib.robotparser, ${agent}`).toEqual(expected);
    }
  });

  it('robots.txt: no rule follows a shorter one it extends with the other verdict, so first match is longest match', () => {
    const rules = robotsRules([rooms.active]);
    for (const [i, earlier] of rules.entries())
      for (const later of rules.slice(i + 1))
        if (later.allow !== earlier.allow)
          expect(later.path.startsWith(earlier.path), `${earlier.path} before ${later.path}`).toBe(false);
    // The per-room lines stay under the 500 KiB every crawler reads (RFC 9309 §2.5).
    const widest = robotsRules(Array.from({ length: ROBOTS_ROOM_LIMIT }, () => rooms.active))
      .map((r) => `Disallow: ${r.path}\n`)
      .join('');
    expect(Buffer.byteLength(widest)).toBeLessThan(450 * 1024);
  });

  it('sitemap.xml lists the pages of bookable rooms only, under PUBLIC_URL', async () => {
    const res = await request(t.app, { method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://salas.example.com.br/',
      'https://salas.example.com.br/rooms',
      `https://salas.example.com.br/rooms/${rooms.active}`,
    ]);
    expect(res.body).toMatch(new RegExp(`${rooms.active}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));
  });
});
