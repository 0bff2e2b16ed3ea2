import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { declaredPng } from '../../test/images.ts';
import { multipart } from '../../test/multipart.ts';
import { createClinic, createRoom } from '../../test/supply-fixtures.ts';

let t: TestContext;
let partner: Awaited<ReturnType<typeof signedInAs>>;
let room: { uuid: string };
let clinic: { uuid: string };
let jpeg: Buffer;
let png: Buffer;

/** A PNG whose header claims 50 000 × 50 000 pixels: a decompression bomb. */
const bombPng = () => declaredPng(50_000, 50_000, 0);

beforeAll(async () => {
  t = await createTestContext();
  partner = await signedInAs(t, 'partner');
  clinic = await createClinic(t, partner.user, partner.token);
  room = await createRoom(t, partner.user, partner.token, clinic.uuid);
  const base = sharp({ create: { width: 320, height: 240, channels: 3, background: '#0b7a75' } });
  jpeg = await base
    .clone()
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'GPS secreto' } } })
    .toBuffer();
  png = await base.clone().png().toBuffer();
});
afterAll(() => t.close());

const upload = (
  url: string,
  fields: Record<string, string>,
  files: Parameters<typeof multipart>[1],
  token = partner.token,
) => {
  const body = multipart(fields, files);
  return request(t.app, { method: 'POST', url, token, payload: body.payload, headers: body.headers });
};
const file = (data: Buffer, filename = 'foto.jpg', type = 'image/jpeg') => ({
  field: 'photos',
  filename,
  type,
  data,
});

describe('photo uploads', () => {
  it('stores several photos at once, re-encoded without metadata, the first as cover', async () => {
    const res = await upload('/api/photo/bulk', { type: 'room', uuid: room.uuid }, [
      file(jpeg),
      file(png, 'b.png', 'image/png'),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const photos = res.json().data;
    expect(photos).toHaveLength(2);
    expect(photos.map((p: { is_cover: boolean }) => p.is_cover)).toEqual([true, false]);
    const served = await request(t.app, { method: 'GET', url: photos[0].url });
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('GPS secreto'))).toBe(false);

    const room2 = await request(t.app, {
      method: 'GET',
      url: `/api/partner/room/${room.uuid}`,
      token: partner.token,
    });
    expect(room2.json().data.photos).toHaveLength(2);

    const cover = await request(t.app, {
      method: 'PUT',
      url: `/api/photo/${photos[1].uuid}/cover`,
      token: partner.token,
    });
    expect(cover.json().data.map((p: { is_cover: boolean }) => p.is_cover)).toEqual([false, true]);
    const del = await request(t.app, {
      method: 'DELETE',
      url: `/api/photo/room/${photos[1].uuid}`,
      token: partner.token,
    });
    expect(del.statusCode).toBe(204);
    const after = await request(t.app, {
      method: 'GET',
      url: `/api/partner/room/${room.uuid}`,
      token: partner.token,
    });
    expect(after.json().data.photos).toEqual([
      expect.objectContaining({ uuid: photos[0].uuid, is_cover: true }),
    ]);
    expect((await request(t.app, { method: 'GET', url: photos[1].url })).statusCode).toBe(404);
  });

  it('accepts the other upload paths: /photos/{type}/{id} and /photo, and a profile photo', async () => {
    const byPath = await upload(`/api/photos/clinic/${clinic.uuid}`, {}, [
      file(png, 'fachada.png', 'image/png'),
    ]);
    expect(byPath.statusCode, byPath.body).toBe(201);
    const single = await upload('/api/photo', { type: 'profile', uuid: partner.user.uuid }, [
      { ...file(jpeg), field: 'photo' },
    ]);
    expect(single.statusCode, single.body).toBe(201);
    const me = await request(t.app, { method: 'GET', url: '/api/user', token: partner.token });
    expect(me.json().data.photo.url).toBe(single.json().data[0].url);
  });

  it("refuses renamed executables, truncated images, bombs and 10 MB + 1 byte with 'Erro ao inserir imagem!', storing nothing", async () => {
    const before = t.storage.files.size;
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(2000)]);
    const cases = [
      { files: [file(exe, 'foto.jpg')], status: 415, reason: /JPG, JPEG, PNG ou WEBP/ },
      {
        files: [file(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.png', 'image/png')],
        status: 415,
        reason: /JPG/,
      },
      {
        files: [file(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'metade.jpg')],
        status: 422,
        reason: /corrompido/,
      },
      { files: [file(bombPng(), 'bomba.png', 'image/png')], status: 422, reason: /pixels demais/ },
      { files: [file(jpeg), file(exe, 'segunda.jpg')], status: 415, reason: /segunda\.jpg/ },
      { files: [file(Buffer.alloc(10 * 1024 * 1024 + 1, 0xff), 'grande.jpg')], status: 413, reason: /10 MB/ },
    ];
    for (const c of cases) {
      const res = await upload('/api/photo/bulk', { type: 'room', uuid: room.uuid }, c.files);
      expect(res.statusCode, res.body).toBe(c.status);
      expect(res.json().message).toBe('Erro ao inserir imagem!');
      expect(res.json().errors.photos[0]).toMatch(c.reason);
    }
    expect(t.storage.files.size).toBe(before);
  }, 60_000);

  it('refuses JSON bodies and missing fields with the photo error', async () => {
    const json = await request(t.app, {
      method: 'POST',
      url: '/api/photo/bulk',
      token: partner.token,
      payload: { type: 'room' },
    });
    expect(json.statusCode).toBe(415);
    const missing = await upload('/api/photo/bulk', { type: 'sofa' }, [file(jpeg)]);
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(expect.arrayContaining(['type', 'uuid']));
  });

  it("answers 404 for another partner's room and another user's profile", async () => {
    const other = await signedInAs(t, 'partner');
    const res = await upload('/api/photo/bulk', { type: 'room', uuid: room.uuid }, [file(jpeg)], other.token);
    expect(res.statusCode).toBe(404);
    const profile = await upload(
      '/api/photo/bulk',
      { type: 'profile', uuid: partner.user.uuid },
      [file(jpeg)],
      other.token,
    );
    expect(profile.statusCode).toBe(404);
    expect(
      (await upload('/api/photo/bulk', { type: 'room', uuid: room.uuid }, [file(jpeg)], '')).statusCode,
    ).toBe(401);
  });
});
