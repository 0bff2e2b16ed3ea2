/**
 * Issue 28, item 5: uploads an attacker can afford. One profile photo per person, a pixel budget
 * read from the headers before anything is decoded, and the owner checked before the files are read.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos } from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { declaredPng } from '../../test/images.ts';
import { multipart } from '../../test/multipart.ts';
import { createClinic, createRoom } from '../../test/supply-fixtures.ts';

let t: TestContext;
let partner: Awaited<ReturnType<typeof signedInAs>>;
let room: { uuid: string };
let jpeg: Buffer;

beforeAll(async () => {
  t = await createTestContext();
  partner = await signedInAs(t, 'partner');
  const clinic = await createClinic(t, partner.user, partner.token);
  room = await createRoom(t, partner.user, partner.token, clinic.uuid);
  jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#0b7a75' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => t.close());

type FilePart = Parameters<typeof multipart>[1][number];
const file = (data: Buffer, filename = 'foto.jpg', type = 'image/jpeg'): FilePart => ({
  field: 'photos',
  filename,
  type,
  data,
});
const upload = (url: string, fields: Record<string, string>, files: FilePart[], token = partner.token) => {
  const body = multipart(fields, files);
  return request(t.app, { method: 'POST', url, token, payload: body.payload, headers: body.headers });
};
const uploadProfile = (files: FilePart[]) =>
  upload('/api/photo/bulk', { type: 'profile', uuid: partner.user.uuid }, files);
const profilePhotos = () => t.db.select().from(photos).where(eq(photos.userId, partner.user.id));

describe('one profile photo per person', () => {
  it('refuses a profile upload of several images and keeps the photo already there', async () => {
    const first = await uploadProfile([file(jpeg)]);
    expect(first.statusCode, first.body).toBe(201);
    const [kept] = first.json().data;

    const several = await uploadProfile([file(jpeg, 'a.jpg'), file(jpeg, 'b.jpg'), file(jpeg, 'c.jpg')]);
    expect(several.statusCode, several.body).toBe(422);
    expect(several.json().message).toBe('Erro ao inserir imagem!');
    expect(several.json().errors.photos[0]).toMatch(/perfil é uma só/);
    const rows = await profilePhotos();
    expect(rows.map((r) => r.uuid)).toEqual([kept.uuid]);
  });

  it('keeps exactly one photo when three profile uploads run at once, and the replaced files go', async () => {
    const [before] = await profilePhotos();
    const filesBefore = t.storage.files.size;
    const answers = await Promise.all([1, 2, 3].map(() => uploadProfile([file(jpeg)])));
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);

    const rows = await profilePhotos();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.isCover).toBe(true);
    const me = await request(t.app, { method: 'GET', url: '/api/user', token: partner.token });
    expect(me.json().data.photo.url).toContain(rows[0]!.uuid);
    // One photo's sizes in place of the old one's: no file left behind by the losers.
    expect(t.storage.files.size).toBe(filesBefore);
    expect([...t.storage.files.keys()].some((k) => k.startsWith(before!.storageKey))).toBe(false);
  });
});

describe('pixel budget, read from the headers before decoding', () => {
  it('refuses ten 5 KB PNGs of 6320 × 6320 at once from the first header, storing nothing', async () => {
    const tiny = await sharp({ create: { width: 6320, height: 6320, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9, palette: true, colours: 2 })
      .toBuffer();
    expect(tiny.length).toBeLessThan(10 * 1024);
    const filesBefore = t.storage.files.size;
    const res = await upload(
      '/api/photo/bulk',
      { type: 'room', uuid: room.uuid },
      Array.from({ length: 10 }, (_, i) => file(tiny, `branca-${i}.png`, 'image/png')),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe('Erro ao inserir imagem!');
    expect(res.json().errors.photos[0]).toMatch(/branca-0\.png: .*6320 × 6320 pixels em apenas 5 KB/);
    // Refused by what the first header declares (only the header check says so), before any
    // decode: ten decodes cost seconds, reading a header milliseconds (timed in decision 0029).
    expect(t.storage.files.size).toBe(filesBefore);
  });

  it('refuses an upload whose images together pass the budget, before decoding any of them', async () => {
    // 49 MP each with the bytes of a real photo that size: each passes alone, six are 294 MP.
    const large = declaredPng(7000, 7000, 800_000);
    const filesBefore = t.storage.files.size;
    const res = await upload(
      '/api/photo/bulk',
      { type: 'room', uuid: room.uuid },
      Array.from({ length: 6 }, (_, i) => file(large, `grande-${i}.png`, 'image/png')),
    );
    expect(res.statusCode, res.body).toBe(422);
    // Not "corrompido": the undecodable pixel data was never reached.
    expect(res.json().errors.photos[0]).toMatch(/passam de 250 megapixels somadas/);
    expect(t.storage.files.size).toBe(filesBefore);
  });

  it('still takes a phone photo of 12 megapixels', async () => {
    const photo = await sharp({
      create: {
        width: 1008,
        height: 756,
        channels: 3,
        background: '#777',
        noise: { type: 'gaussian', mean: 120, sigma: 40 },
      },
    })
      .resize(4032, 3024)
      .jpeg({ quality: 80 })
      .toBuffer();
    const res = await upload('/api/photo/bulk', { type: 'room', uuid: room.uuid }, [file(photo, 'sala.jpg')]);
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('ownership before the body is read', () => {
  const boundary = '----salasabuse';
  const fieldPart = (name: string, value: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const fileHead = (filename = 'foto.jpg') =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  const xsrf = 'abuse-xsrf-token-0123456789';

  const within = (ms: number, what: string) =>
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(what)), ms).unref());
  const readAll = async (res: http.IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString();
  };

  /**
   * Starts an upload over a real socket and stops after the first 256 KB of its first file: the
   * answer must come while the body is still unfinished. Then sends 16 MB more and the end (the
   * server must read them to nowhere) and a second request on the same connection.
   */
  async function answerMidUpload(path: string, head: Buffer, token: string) {
    const port = (t.app.server.address() as AddressInfo).port;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const req = http.request({
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${token}`,
          cookie: `XSRF-TOKEN=${xsrf}`,
          'x-xsrf-token': xsrf,
        },
      });
      const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
        req.once('response', resolve);
        req.once('error', reject);
      });
      req.write(Buffer.concat([head, fileHead(), jpeg.subarray(0, 3), Buffer.alloc(256 * 1024, 0xab)]));
      const res = await Promise.race([answered, within(5_000, 'no answer while the file was still coming')]);
      const body = JSON.parse(await readAll(res));

      const sent = new Promise<void>((resolve, reject) => {
        req.once('finish', resolve);
        req.once('error', reject);
      });
      for (let i = 0; i < 16; i++) req.write(Buffer.alloc(1024 * 1024, 0xab));
      req.end(closing);
      await Promise.race([sent, within(10_000, 'the rest of the body was never read')]);

      const again = await new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const get = http.get({ host: '127.0.0.1', port, path: '/api/config', agent }, (r) => {
          r.resume();
          r.on('end', () => resolve({ status: r.statusCode!, reused: get.reusedSocket }));
        });
        get.once('error', reject);
      });
      return { status: res.statusCode, body, again };
    } finally {
      agent.destroy();
    }
  }

  it("answers 404 for another partner's room before the files are read, and the connection lives on", async () => {
    const other = await signedInAs(t, 'partner');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const filesBefore = t.storage.files.size;
    const routes = [
      {
        path: '/api/photo/bulk',
        head: Buffer.concat([fieldPart('type', 'room'), fieldPart('uuid', room.uuid)]),
      },
      { path: `/api/photos/room/${room.uuid}`, head: Buffer.alloc(0) },
    ];
    for (const route of routes) {
      const answer = await answerMidUpload(route.path, route.head, other.token);
      expect(answer.status, route.path).toBe(404);
      expect(answer.body.message).toBe('Recurso não encontrado.');
      expect(answer.again, route.path).toEqual({ status: 200, reused: true });
    }
    expect(t.storage.files.size).toBe(filesBefore);
  }, 30_000);

  it('wants type and uuid before the files', async () => {
    const payload = Buffer.concat([
      fileHead(),
      jpeg,
      Buffer.from('\r\n'),
      fieldPart('type', 'room'),
      fieldPart('uuid', room.uuid),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/photo/bulk',
      token: partner.token,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({
      type: ['Envie o campo type antes das imagens.'],
      uuid: ['Envie o campo uuid antes das imagens.'],
    });
  });
});
