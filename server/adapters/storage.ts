import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live (DESIGN §5, §7): local disk for one machine, a bucket for many. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or undefined when missing. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*\.[a-z0-9]+$/;

function assertKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`chave de arquivo inválida: ${key}`);
}

export function createDiskStorage(root: string): Storage {
  const file = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${target}.${process.pid}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, target);
    },
    async get(key) {
      try {
        return await fs.readFile(file(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(file(key), { force: true });
    },
  };
}

export function createMemoryStorage(): Storage & { files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  return {
    files,
    async put(key, data) {
      assertKey(key);
      files.set(key, data);
    },
    async get(key) {
      return files.get(key);
    },
    async delete(key) {
      files.delete(key);
    },
  };
}

export interface S3Settings {
  bucket: string;
  /** Omitted for AWS itself; the address of any other S3-compatible service. */
  endpoint?: string;
  region: string;
  /** Both or neither: without them the SDK's own chain is used (instance role, AWS_* variables). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

const contentTypes: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** The status an S3 error carries (404 for a missing key or bucket). */
const statusOf = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/**
 * Photos in an S3-compatible bucket (DESIGN §8: AWS S3, Cloudflare R2, MinIO, Ceph RGW…), so every
 * instance serves every photo. Keys are the same as on disk. `reachable()` is asked once at start:
 * a bucket that can't be reached stops the server with a message that says why.
 */
export async function createS3Storage(settings: S3Settings) {
  const {
    S3Client,
    GetObjectCommand,
    PutObjectCommand,
    DeleteObjectCommand,
    HeadBucketCommand,
    ListObjectsV2Command,
  } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    maxAttempts: 3,
  });
  const Bucket = settings.bucket;
  const storage = {
    async put(key: string, data: Buffer) {
      assertKey(key);
      const ext = key.slice(key.lastIndexOf('.') + 1);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: data,
          ContentType: contentTypes[ext] ?? 'application/octet-stream',
        }),
      );
    },
    async get(key: string) {
      assertKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : undefined;
      } catch (err) {
        if (statusOf(err) === 404) return undefined;
        throw err;
      }
    },
    async delete(key: string) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    /** Every key in the bucket (for backups and checks). */
    async *keys(): AsyncGenerator<string> {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken: token }));
        for (const o of page.Contents ?? []) if (o.Key) yield o.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    /** Throws StorageUnreachable with the reason when the bucket can't be used. */
    async reachable() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        const status = statusOf(err);
        const where = settings.endpoint ?? `AWS (${settings.region})`;
        const reason =
          status === 404
            ? 'o bucket não existe'
            : status === 403 || status === 401
              ? 'acesso negado (confira S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY e a política do bucket)'
              : (err as Error).message || (err as Error).name;
        throw new StorageUnreachable(`Não foi possível usar o bucket "${Bucket}" em ${where}: ${reason}.`);
      }
    },
    close() {
      client.destroy();
    },
  };
  return storage satisfies Storage;
}

export class StorageUnreachable extends Error {}

/** The bucket, checked (`reachable`) before anyone uses it: closed again when it is not. */
export async function openS3Storage(settings: S3Settings) {
  const bucket = await createS3Storage(settings);
  try {
    await bucket.reachable();
  } catch (err) {
    bucket.close();
    throw err;
  }
  return bucket;
}
