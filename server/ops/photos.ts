/**
 * Photos between a folder and the S3-compatible bucket (docs/operations.md):
 * - `npm run photos:migrate` copies DATA_DIR/uploads into the bucket of the S3_* settings (once,
 *   when a single machine moves to a bucket; the local files stay until the operator removes them);
 * - `npm run backup` / `restore` copy the bucket into `<file>.fotos/` beside the database copy and
 *   back (the same upload as the migration).
 * Keys are the paths under the folder, the same the disk storage uses.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type createS3Storage, openS3Storage } from '../adapters/storage.ts';
import { ConfigError, loadConfig } from '../config.ts';

type Bucket = Awaited<ReturnType<typeof createS3Storage>>;

function* filesUnder(root: string, dir = root): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(root, full);
    // Half-written files of the disk storage (`*.<pid>.tmp`) are not photos.
    else if (entry.isFile() && !entry.name.endsWith('.tmp'))
      yield path.relative(root, full).split(path.sep).join('/');
  }
}

/** Uploads every file under `root` the bucket does not hold yet. */
export async function uploadFolder(
  root: string,
  bucket: Bucket,
): Promise<{ copied: number; present: number }> {
  const held = new Set<string>();
  for await (const key of bucket.keys()) held.add(key);
  let copied = 0;
  let present = 0;
  if (!fs.existsSync(root)) return { copied, present };
  for (const key of filesUnder(root)) {
    if (held.has(key)) {
      present++;
      continue;
    }
    await bucket.put(key, fs.readFileSync(path.join(root, ...key.split('/'))));
    copied++;
  }
  return { copied, present };
}

/** Writes every object of the bucket under `dir` (created), as the disk storage would lay it out. */
export async function downloadBucket(bucket: Bucket, dir: string): Promise<number> {
  let n = 0;
  for await (const key of bucket.keys()) {
    const data = await bucket.get(key);
    if (!data) continue; // deleted while listing
    const target = path.join(dir, ...key.split('/'));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, data);
    n++;
  }
  return n;
}

/** The bucket of the S3_* settings, checked; undefined when photos live on disk. */
export async function configuredBucket(env: NodeJS.ProcessEnv = process.env): Promise<Bucket | undefined> {
  const config = loadConfig(env);
  if (!config.s3) return undefined;
  return openS3Storage(config.s3);
}

/** `npm run photos:migrate`: DATA_DIR/uploads into the bucket of the S3_* settings. */
export async function runPhotosMigrate() {
  try {
    const bucket = await configuredBucket();
    if (!bucket) {
      console.error('Defina S3_BUCKET (e as demais variáveis S3_*) para copiar as fotos para o bucket.');
      process.exit(2);
    }
    const root = path.join(loadConfig().dataDir, 'uploads');
    const { copied, present } = await uploadFolder(root, bucket);
    bucket.close();
    console.log(
      `${copied} arquivo(s) copiado(s) de ${root} para o bucket; ${present} já estava(m) lá. ` +
        'Os arquivos locais não foram apagados: confira as fotos no site antes de removê-los.',
    );
  } catch (err) {
    console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
