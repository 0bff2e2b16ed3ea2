import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, request, type TestContext } from '../test/app.ts';
import { signedInAs } from '../test/fixtures.ts';
import { createClinic, createRoom } from '../test/supply-fixtures.ts';

const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-web-'));
fs.writeFileSync(
  path.join(webRoot, 'index.html'),
  fs.readFileSync(path.join(import.meta.dirname, '../../web/index.html'), 'utf8'),
);
let t: TestContext;
let room: { uuid: string };

beforeAll(async () => {
  t = await createTestContext({}, { webRoot });
  const partner = await signedInAs(t, 'partner');
  const clinic = await createClinic(t, partner.user, partner.token, 'Clínica "Bem" & Viver');
  room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala <Azul>', '1.0000');
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

  it('leave every other page, and unknown rooms, with the site’s own title', async () => {
    for (const url of ['/rooms', '/rooms/00000000-0000-4000-8000-000000000000', '/rooms/nada']) {
      const res = await request(t.app, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Salas — salas para especialistas da saúde</title>');
      expect(res.body).not.toContain('og:title');
    }
  });
});
