import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rooms as roomsTable, users } from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { createClinic, createRoom } from '../../test/supply-fixtures.ts';

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

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt lets search engines read the public pages, not the signed-in areas nor the API', async () => {
    const res = await request(t.app, { method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/admin', '/parceiro', '/especialista'])
      expect(lines).toContain(`Disallow: ${path}`);
    // The room pages are open; only their calendar's addresses (a month, a day, hours) are not.
    const rooms = lines.filter((l) => /^Disallow: \/rooms/.test(l));
    expect(rooms.sort()).toEqual(
      ['mes', 'dia', 'h'].flatMap((p) => [`Disallow: /rooms/*?${p}=`, `Disallow: /rooms/*&${p}=`]).sort(),
    );
    expect(lines).toContain('Sitemap: https://salas.example.com.br/sitemap.xml');
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
