/**
 * The HTML we send is valid HTML (issue 42, item 3): the public pages as the server draws them —
 * home, room list (both its pages), a room with photos, facilities and a phone (and with a day's
 * free and blocked hours open), a city (both pages), a room that is not there — and every mail kind
 * (mail-samples.ts), read by the Nu HTML Checker, the W3C's validator (the `vnu-jar` package, on
 * Debian's Java: scripts/ensure-java.mjs), in one run: starting Java costs seconds, the files
 * themselves little. The market is a clinic made through the API (seeding the whole demo would cost
 * ten seconds more). The checker's warnings are allowed and printed; its informational notes (a `/>`
 * on a void element, which React writes) are counted.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedDate } from '#common/time/zone';
import { facilities, rooms } from '../db/schema.ts';
import { sampleMails } from '../features/mail/mail-samples.ts';
import { createTestContext, request, type TestContext } from './app.ts';
import { signedInAs } from './fixtures.ts';
import { multipart } from './multipart.ts';
import { createClinic, createRoom, openClinic } from './supply-fixtures.ts';

const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-web-'));
fs.writeFileSync(
  path.join(webRoot, 'index.html'),
  fs.readFileSync(path.join(import.meta.dirname, '../../web/index.html'), 'utf8'),
);
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-vnu-'));
let t: TestContext;
/** The room with everything a room page shows, and the day whose hours are partly blocked. */
let room: { uuid: string };
let day: string;

beforeAll(async () => {
  t = await createTestContext({}, { webRoot });
  const partner = await signedInAs(t, 'partner');
  const as = (url: string, payload: object) =>
    request(t.app, { method: 'POST', url, payload, token: partner.token });
  const clinic = await createClinic(t, partner.user, partner.token, 'Clínica Jardim Paulista');
  for (const [url, payload] of [
    [
      '/api/address',
      {
        clinic_uuid: clinic.uuid,
        zip_code: '01310-100',
        street: 'Avenida Paulista',
        number: '1.000',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      },
    ],
    ['/api/contact', { clinic_uuid: clinic.uuid, area_code: '11', number: '32851234', type: 'commercial' }],
  ] as const) {
    const res = await as(url, payload);
    expect(res.statusCode, res.body).toBe(201);
  }
  await openClinic(t, partner.user, partner.token, clinic.uuid, [0, 1, 2, 3, 4, 5, 6], ['08:00', '20:00']);
  room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Consultório Jardim', '1.0000');
  // 25 rooms: the list (15 a page) and the city (24 a page) draw their pagers.
  for (let i = 2; i <= 25; i++)
    await createRoom(t, partner.user, partner.token, clinic.uuid, `Sala ${i}`, (1 + i / 100).toFixed(4));
  // Pinned by the operator: its card carries the badge.
  await t.db.update(rooms).set({ fixed: 1 }).where(eq(rooms.uuid, room.uuid));
  const listed = await t.db
    .insert(facilities)
    .values([{ name: 'Maca' }, { name: 'Ar-condicionado' }])
    .returning();
  for (const facility of listed) {
    const res = await as(`/api/partner/room/${room.uuid}/facility/${facility.uuid}`, {});
    expect(res.statusCode, res.body).toBe(200);
  }
  const photo = (background: string) =>
    sharp({ create: { width: 640, height: 480, channels: 3, background } })
      .jpeg()
      .toBuffer();
  const body = multipart({ type: 'room', uuid: room.uuid }, [
    { field: 'photos', filename: 'sala.jpg', type: 'image/jpeg', data: await photo('#0b7a75') },
    { field: 'photos', filename: 'recepcao.jpg', type: 'image/jpeg', data: await photo('#e6f6f5') },
  ]);
  const photos = await request(t.app, {
    method: 'POST',
    url: '/api/photo/bulk',
    token: partner.token,
    payload: body.payload,
    headers: body.headers,
  });
  expect(photos.statusCode, photos.body).toBe(201);
  // Two days on, 10:00–12:00 blocked: that day lists free hours and taken ones.
  day = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 2);
  const blocked = await as('/api/partner/bulkblocking', {
    room_uuid: [room.uuid],
    starts_at: `${day}T10:00:00-03:00`,
    ends_at: `${day}T12:00:00-03:00`,
  });
  expect(blocked.statusCode, blocked.body).toBe(201);
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
  fs.rmSync(out, { recursive: true, force: true });
});

/** The checker's jar, as the vnu-jar package ships it (its main module's value is the jar's path). */
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

/**
 * The JIT's quick tier only (a run of seconds is over before the optimising one pays: 4–6 s instead
 * of 25 on a busy machine), whose bigger frames need a bigger stack than the 512k the checker
 * asks for (it recurses through the HTML schema).
 */
const JAVA_OPTIONS = ['-XX:TieredStopAtLevel=1', '-Xss4m'];

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/**
 * The checker over every file at once, `--format json`: its report goes to stderr, and it exits 1
 * when it found errors — the report is what counts. No report at all (no Java) fails the test.
 */
function vnu(files: string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    execFile(
      'java',
      [...JAVA_OPTIONS, '-jar', VNU_JAR, '--format', 'json', ...files],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        try {
          resolve((JSON.parse(stderr) as { messages: VnuMessage[] }).messages);
        } catch {
          reject(
            new Error(`vnu não respondeu (Java: node scripts/ensure-java.mjs): ${error?.message ?? stderr}`),
          );
        }
      },
    );
  });
}

describe('valid HTML (Nu HTML Checker)', () => {
  it('the public pages as drawn by the server and every mail kind: no error', async () => {
    const detail = (await request(t.app, { method: 'GET', url: `/api/rooms/${room.uuid}` })).json().data;
    expect(detail.photos).toHaveLength(2);
    expect(detail.facilities).toHaveLength(2);
    const slots = (
      await request(t.app, { method: 'GET', url: `/api/customer/room/${room.uuid}/availability/${day}` })
    ).json().data.slots as { available: boolean }[];
    expect(new Set(slots.map((s) => s.available))).toEqual(new Set([true, false]));
    const pages: [string, number][] = [
      ['/', 200],
      ['/rooms', 200],
      ['/rooms?page=2', 200],
      [`/rooms/${room.uuid}`, 200],
      // The day's hours as the page draws them without scripts: free ones links, taken ones not.
      [`/rooms/${room.uuid}?dia=${day}`, 200],
      ['/salas/sao-paulo', 200],
      ['/salas/sao-paulo?page=2', 200],
      ['/rooms/00000000-0000-4000-8000-000000000000', 404],
    ];
    const files = new Map<string, string>();
    for (const [url, status] of pages) {
      const res = await request(t.app, { method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      // Drawn by the server: the page's own content is in the HTML, not the app's "Carregando...".
      expect(res.body, url).not.toContain('Carregando...');
      const file = path.join(out, `pagina-${files.size}.html`);
      fs.writeFileSync(file, res.body);
      files.set(file, url);
    }
    const mails = sampleMails();
    expect(mails.length).toBeGreaterThan(10);
    for (const { name, mail } of mails) {
      const file = path.join(out, `email-${files.size}.html`);
      fs.writeFileSync(file, mail.html);
      files.set(file, `e-mail "${name}"`);
    }

    const messages = await vnu([...files.keys()]);
    const where = (m: VnuMessage) => (m.url && files.get(new URL(m.url).pathname)) ?? m.url ?? '';
    const line = (m: VnuMessage) =>
      `${where(m)}:${m.lastLine ?? '?'} ${m.message} «${(m.extract ?? '').replace(/\s+/g, ' ')}»`;
    const notes = messages.filter((m) => m.type === 'info' && m.subType !== 'warning');
    const warnings = messages.filter((m) => m.type === 'info' && m.subType === 'warning');
    if (notes.length) console.info(`vnu: ${notes.length} nota(s) informativa(s) em ${files.size} arquivos`);
    // Warnings, once per message with where they are: the mails' table attributes for Outlook
    // (decision 0041) would otherwise repeat in every mail.
    const byMessage = new Map<string, { count: number; where: Set<string> }>();
    for (const w of warnings) {
      const seen = byMessage.get(w.message) ?? { count: 0, where: new Set<string>() };
      seen.count += 1;
      seen.where.add(where(w));
      byMessage.set(w.message, seen);
    }
    if (warnings.length)
      console.warn(
        `vnu: ${warnings.length} aviso(s)\n${[...byMessage]
          .map(([message, { count, where }]) => {
            const files = [...where];
            const more = files.length > 3 ? ` e mais ${files.length - 3}` : '';
            return `  ${count}× ${message} (${files.slice(0, 3).join(', ')}${more})`;
          })
          .join('\n')}`,
      );
    expect(messages.filter((m) => m.type !== 'info').map(line)).toEqual([]);
  }, 120_000);
});
