import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { createClinic, createRoom } from '../../test/supply-fixtures.ts';

const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-web-'));
fs.writeFileSync(
  path.join(webRoot, 'index.html'),
  fs.readFileSync(path.join(import.meta.dirname, '../../../web/index.html'), 'utf8'),
);
let t: TestContext;
let room: { uuid: string };

beforeAll(async () => {
  t = await createTestContext({}, { webRoot });
  const partner = await signedInAs(t, 'partner');
  const clinic = await createClinic(t, partner.user, partner.token, 'Clínica Bem Viver');
  room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Azul', '1.0000');
});
afterAll(() => t.close());

describe('smoke', () => {
  it('draws', async () => {
    for (const url of ['/', '/rooms', `/rooms/${room.uuid}`, '/rooms', '/salas/sao-paulo', '/salas/nada']) {
      const res = await request(t.app, { method: 'GET', url });
      const root = res.body.slice(res.body.indexOf('<div id="root">'));
      const at = root.indexOf('Carregando');
      if (at > 0) console.log('RAW', root.slice(at - 600, at + 300), 'HAS $RC', root.includes('$RC'), root.includes('<template'));
      console.log(url, res.statusCode, root.replace(/<style[\s\S]*?<\/style>/g, '').replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').slice(0, 1500));
      console.log(res.body.slice(0, res.body.indexOf('<body')).split('\n').filter((l) => /og:|canonical|ld\+json|twitter|title/.test(l)).join('\n').slice(0, 3000));
    }
    expect(1).toBe(1);
  });
});
