import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPglite, openPostgres, queryRows } from '../db/client.ts';
import { lockDataDir } from '../lib/data-dir-lock.ts';
import { BackupError, backupEmbedded, backupPostgres, restoreEmbedded, restorePostgres } from './backup.ts';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'salas-backup-'));

describe('embedded database backup', () => {
  it('restores a copy into an empty folder with the data and the photos', async () => {
    const dir = tmp();
    const db = await openPglite(path.join(dir, 'db'));
    await db.migrate();
    await db.db.execute(sql`insert into facilities (name) values ('Maca de teste')`);
    await db.close();
    fs.mkdirSync(path.join(dir, 'uploads'));
    fs.writeFileSync(path.join(dir, 'uploads', 'foto.webp'), 'imagem');
    const file = path.join(tmp(), 'salas.tar.gz');
    backupEmbedded(dir, file);

    const target = tmp();
    restoreEmbedded(file, target);
    const restored = await openPglite(path.join(target, 'db'));
    const rows = await queryRows<{ name: string }>(restored.db, sql`select name from facilities`);
    expect(rows.map((r) => r.name)).toContain('Maca de teste');
    await restored.close();
    expect(fs.readFileSync(path.join(target, 'uploads', 'foto.webp'), 'utf8')).toBe('imagem');
    // Never over a database, never while a server holds the folder.
    expect(() => restoreEmbedded(file, target)).toThrow(BackupError);
    const release = lockDataDir(dir);
    try {
      expect(() => backupEmbedded(dir, path.join(tmp(), 'x.tar.gz'))).toThrow(/já está em uso/);
    } finally {
      release();
    }
  }, 60_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL backup', () => {
  it('restores a pg_dump into another database and finds the data', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const name = (p: string) => `${p}_${randomBytes(5).toString('hex')}`;
    const source = name('salas_origem');
    const target = name('salas_destino');
    await admin.query(`create database ${source}`);
    await admin.query(`create database ${target}`);
    const at = (db: string) => url.replace(/\/[^/]*$/, `/${db}`);
    try {
      const db = await openPostgres(at(source));
      await db.migrate();
      await db.db.execute(sql`insert into facilities (name) values ('Pia de teste')`);
      await db.close();
      const file = path.join(tmp(), 'salas.dump');
      backupPostgres(at(source), file);
      restorePostgres(at(target), file);
      const restored = await openPostgres(at(target));
      const rows = await queryRows<{ name: string }>(restored.db, sql`select name from facilities`);
      expect(rows.map((r) => r.name)).toContain('Pia de teste');
      await restored.close();
    } finally {
      await admin.query(`drop database if exists ${source} with (force)`);
      await admin.query(`drop database if exists ${target} with (force)`);
      await admin.end();
    }
  }, 60_000);
});
