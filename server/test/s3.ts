/**
 * A local S3-compatible server for tests (s3rver speaks the S3 protocol over HTTP on a loopback
 * port), with one empty bucket, and the settings the S3 storage adapter takes to reach it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createS3Storage, type S3Settings } from '../adapters/storage.ts';

export async function startS3(bucket = 'salas-fotos') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    // s3rver checks signatures against its fixed key pair.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  };
  return {
    settings,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: settings.endpoint!,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A started S3 server with an adapter on its bucket, and the bucket's keys in order. */
export async function startS3Bucket(bucket?: string) {
  const s3 = await startS3(bucket);
  const storage = await createS3Storage(s3.settings);
  return {
    s3,
    storage,
    async keys() {
      const all: string[] = [];
      for await (const k of storage.keys()) all.push(k);
      return all.sort();
    },
    async stop() {
      storage.close();
      await s3.stop();
    },
  };
}
