/**
 * Photos in an S3-compatible bucket (issue: beyond one machine): the adapter against a real S3
 * server on a loopback port, the start-up check, and the photo API end to end on it — on PGlite and,
 * in `npm run test:pg`, on PostgreSQL.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../bootstrap.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createTestContext, request, type TestContext } from '../test/app.ts';
import { signedInAs } from '../test/fixtures.ts';
import { multipart } from '../test/multipart.ts';
import { type startS3, startS3Bucket } from '../test/s3.ts';
import { createClinic, createRoom } from '../test/supply-fixtures.ts';
import { type createS3Storage, StorageUnreachable } from './storage.ts';

let s3: Awaited<ReturnType<typeof startS3>>;
let bucket: Awaited<ReturnType<typeof createS3Storage>>;
let keys: () => Promise<string[]>;
let stop: () => Promise<void>;

beforeAll(async () => {
  const started = await startS3Bucket();
  ({ s3, storage: bucket, keys, stop } = started);
});
afterAll(() => stop());

describe('S3 storage adapter', () => {
  it('puts, gets, lists and deletes objects; a missing key reads as undefined', async () => {
    await bucket.put('photos/room/ab12-lg.webp', Buffer.from('webp bytes'));
    expect((await bucket.get('photos/room/ab12-lg.webp'))?.toString()).toBe('webp bytes');
    expect(await keys()).toContain('photos/room/ab12-lg.webp');
    await bucket.delete('photos/room/ab12-lg.webp');
    expect(await bucket.get('photos/room/ab12-lg.webp')).toBeUndefined();
    expect(await keys()).not.toContain('photos/room/ab12-lg.webp');
  });

  it('refuses keys that could leave the photo folders', async () => {
    await expect(bucket.put('../etc/passwd.txt', Buffer.from('x'))).rejects.toThrow(/chave/);
    await expect(bucket.get('a/../../b.webp')).rejects.toThrow(/chave/);
  });

  it('stops start-up with a clear message when the bucket is missing or the keys are wrong', async () => {
    const missing = loadConfig({ NODE_ENV: 'test', ...s3.env, S3_BUCKET: 'nao-existe' });
    await expect(openStorage(missing)).rejects.toThrow(StorageUnreachable);
    await expect(openStorage(missing)).rejects.toThrow(/"nao-existe".*o bucket não existe/);
    const wrongKeys = loadConfig({
      NODE_ENV: 'test',
      ...s3.env,
      S3_ACCESS_KEY_ID: 'OUTRA',
      S3_SECRET_ACCESS_KEY: 'errada',
    });
    await expect(openStorage(wrongKeys)).rejects.toThrow(/acesso negado/);
    const down = loadConfig({ NODE_ENV: 'test', ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:9' });
    await expect(openStorage(down)).rejects.toThrow(
      /Não foi possível usar o bucket "salas-fotos" em http:\/\/127.0.0.1:9/,
    );
    const ok = await openStorage(loadConfig({ NODE_ENV: 'test', ...s3.env }));
    ok.close?.();
  });

  it('validates the S3 settings with the rest of the configuration', () => {
    expect(() => loadConfig({ S3_BUCKET: 'Fotos_Salas' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_BUCKET: 'fotos', S3_ACCESS_KEY_ID: 'abc' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/só vale com S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'fotos', S3_ENDPOINT: 'minio porta 9000' })).toThrow(/S3_ENDPOINT/);
    const config = loadConfig({ S3_BUCKET: 'fotos', S3_REGION: 'auto', S3_FORCE_PATH_STYLE: 'true' });
    expect(config.s3).toEqual({
      bucket: 'fotos',
      endpoint: undefined,
      region: 'auto',
      credentials: undefined,
      forcePathStyle: true,
    });
    expect(loadConfig({}).s3).toBeUndefined();
  });
});

describe('photo API on the bucket', () => {
  let t: TestContext;
  let partner: Awaited<ReturnType<typeof signedInAs>>;
  let room: { uuid: string };

  beforeAll(async () => {
    t = await createTestContext({}, { storage: bucket });
    partner = await signedInAs(t, 'partner');
    const clinic = await createClinic(t, partner.user, partner.token);
    room = await createRoom(t, partner.user, partner.token, clinic.uuid);
  });
  afterAll(() => t.close());

  it('stores the uploaded photo in the bucket, serves it with its caching headers and deletes its objects', async () => {
    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#0b7a75' } })
      .jpeg()
      .toBuffer();
    const body = multipart({ type: 'room', uuid: room.uuid }, [
      { field: 'photos', filename: 'sala.jpg', type: 'image/jpeg', data: jpeg },
    ]);
    const before = await keys();
    const up = await request(t.app, {
      method: 'POST',
      url: '/api/photo/bulk',
      token: partner.token,
      payload: body.payload,
      headers: body.headers,
    });
    expect(up.statusCode, up.body).toBe(201);
    const [photo] = up.json().data as { uuid: string; url: string }[];
    const added = (await keys()).filter((k) => !before.includes(k));
    expect(added.length).toBeGreaterThanOrEqual(2); // every size of the photo
    expect(added.every((k) => k.endsWith('.webp'))).toBe(true);

    const served = await request(t.app, { method: 'GET', url: photo!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    const small = await request(t.app, { method: 'GET', url: `${photo!.url}?size=sm` });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(served.rawPayload.length);
    const again = await request(t.app, {
      method: 'GET',
      url: photo!.url,
      headers: { 'if-none-match': String(served.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    const del = await request(t.app, {
      method: 'DELETE',
      url: `/api/photo/room/${photo!.uuid}`,
      token: partner.token,
    });
    expect(del.statusCode).toBe(204);
    expect(await keys()).toEqual(before);
    expect((await request(t.app, { method: 'GET', url: photo!.url })).statusCode).toBe(404);
  });
});
