import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { createS3Storage } from '../adapters/storage.ts';
import { type startS3, startS3Bucket } from '../test/s3.ts';
import { configuredBucket, downloadBucket, uploadFolder } from './photos.ts';

let s3: Awaited<ReturnType<typeof startS3>>;
let bucket: Awaited<ReturnType<typeof createS3Storage>>;
let keys: () => Promise<string[]>;
let stop: () => Promise<void>;
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'salas-photos-'));

beforeAll(async () => {
  const started = await startS3Bucket('salas-migracao');
  ({ s3, storage: bucket, keys, stop } = started);
});
afterAll(() => stop());

describe('photos between a folder and the bucket', () => {
  it('migrates local photos once, backs the bucket up and restores it', async () => {
    const uploads = tmp();
    fs.mkdirSync(path.join(uploads, 'photos', 'room'), { recursive: true });
    fs.writeFileSync(path.join(uploads, 'photos', 'room', 'a1-lg.webp'), 'grande');
    fs.writeFileSync(path.join(uploads, 'photos', 'room', 'a1-sm.webp'), 'pequena');
    fs.writeFileSync(path.join(uploads, 'photos', 'room', 'b2-lg.webp.123.tmp'), 'meia escrita');

    expect(await uploadFolder(uploads, bucket)).toEqual({ copied: 2, present: 0 });
    expect(await keys()).toEqual(['photos/room/a1-lg.webp', 'photos/room/a1-sm.webp']);
    // A second run (say, after an interruption) copies nothing twice.
    expect(await uploadFolder(uploads, bucket)).toEqual({ copied: 0, present: 2 });

    const backup = tmp();
    expect(await downloadBucket(bucket, backup)).toBe(2);
    expect(fs.readFileSync(path.join(backup, 'photos', 'room', 'a1-sm.webp'), 'utf8')).toBe('pequena');
    await bucket.delete('photos/room/a1-lg.webp');
    expect(await uploadFolder(backup, bucket)).toEqual({ copied: 1, present: 1 });
    expect((await bucket.get('photos/room/a1-lg.webp'))?.toString()).toBe('grande');
  });

  it('reads the bucket from the S3_* settings, and none without S3_BUCKET', async () => {
    expect(await configuredBucket({ NODE_ENV: 'test' })).toBeUndefined();
    const fromEnv = await configuredBucket({ NODE_ENV: 'test', ...s3.env, S3_BUCKET: 'salas-migracao' });
    expect(fromEnv).toBeDefined();
    fromEnv!.close();
  });
});
