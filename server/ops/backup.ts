/**
 * Backups of both databases, and their restore (docs/operations.md):
 * - PostgreSQL (`DATABASE_URL`): `pg_dump --format=custom`, restored with `pg_restore --clean`.
 * - Embedded (`DATA_DIR`): a .tar.gz of the database folder and the uploaded photos, taken with
 *   the data-dir lock held, so it refuses while a server runs on that folder (a copy of a live
 *   PGlite folder may be torn). Restore refuses a folder that already holds a database.
 * Photos of a PostgreSQL install live in `DATA_DIR/uploads` too: back that folder up beside the dump.
 * With S3_BUCKET set, the photos are in the bucket: backup copies every object into `<file>.fotos/`
 * beside the database copy, and restore puts that folder back into the bucket.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { lockDataDir } from '../lib/data-dir-lock.ts';
import { configuredBucket, downloadBucket, uploadFolder } from './photos.ts';

export class BackupError extends Error {}

function run(file: string, args: string[]) {
  try {
    execFileSync(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    const stderr = String((err as { stderr?: Buffer }).stderr ?? '').trim();
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BackupError(`${file} não encontrado: instale o pacote postgresql-client (Debian).`);
    throw new BackupError(`${file} falhou: ${stderr || (err as Error).message}`);
  }
}

export function backupPostgres(url: string, file: string): void {
  run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, url]);
}

export function restorePostgres(url: string, file: string): void {
  if (!fs.existsSync(file)) throw new BackupError(`Cópia não encontrada: ${file}`);
  run('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${url}`, file]);
}

export function backupEmbedded(dataDir: string, file: string): void {
  if (!fs.existsSync(path.join(dataDir, 'db')))
    throw new BackupError(`Não há banco embutido em ${path.join(dataDir, 'db')}.`);
  const release = lockDataDir(dataDir);
  try {
    const parts = ['db', 'uploads'].filter((p) => fs.existsSync(path.join(dataDir, p)));
    run('tar', ['-czf', path.resolve(file), '-C', dataDir, ...parts]);
  } finally {
    release();
  }
}

export function restoreEmbedded(file: string, dataDir: string): void {
  if (!fs.existsSync(file)) throw new BackupError(`Cópia não encontrada: ${file}`);
  const db = path.join(dataDir, 'db');
  if (fs.existsSync(db) && fs.readdirSync(db).length > 0)
    throw new BackupError(
      `${db} já tem um banco. Pare o servidor e mova a pasta para outro lugar antes de restaurar.`,
    );
  const release = lockDataDir(dataDir);
  try {
    run('tar', ['-xzf', path.resolve(file), '-C', dataDir]);
  } finally {
    release();
  }
}

/** `node dist/server/ops/backup.js backup|restore <arquivo>`, with DATABASE_URL or DATA_DIR. */
async function main(argv: string[]) {
  const [command, file] = argv;
  if ((command !== 'backup' && command !== 'restore') || !file) {
    console.error('uso: node dist/server/ops/backup.js backup|restore <arquivo>');
    process.exit(2);
  }
  const url = process.env.DATABASE_URL;
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
  try {
    if (url) (command === 'backup' ? backupPostgres : restorePostgres)(url, file);
    else if (command === 'backup') backupEmbedded(dataDir, file);
    else restoreEmbedded(file, dataDir);
    console.log(command === 'backup' ? `Cópia gravada em ${file}` : `Restaurado de ${file}`);
    const bucket = process.env.S3_BUCKET ? await configuredBucket() : undefined;
    if (bucket) {
      const photos = `${file}.fotos`;
      try {
        if (command === 'backup') {
          const n = await downloadBucket(bucket, photos);
          console.log(`${n} arquivo(s) de foto do bucket copiado(s) para ${photos}`);
        } else if (fs.existsSync(photos)) {
          const { copied, present } = await uploadFolder(photos, bucket);
          console.log(`${copied} arquivo(s) de foto devolvido(s) ao bucket; ${present} já estava(m) lá`);
        } else {
          console.log(`Sem ${photos}: as fotos do bucket ficaram como estão.`);
        }
      } finally {
        bucket.close();
      }
    }
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}

if (process.argv[1] && /backup\.(ts|js)$/.test(process.argv[1])) await main(process.argv.slice(2));
