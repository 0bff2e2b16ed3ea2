import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres } from './client.ts';

describe.runIf(process.env.TEST_DATABASE_URL)('migrations on PostgreSQL', () => {
  it('apply once when several instances start at the same moment', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `salas_migrate_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const instances = await Promise.all([1, 2, 3].map(() => openPostgres(target.toString(), 2)));
    try {
      await Promise.all(instances.map((i) => i.migrate()));
      const check = new pg.Client({ connectionString: target.toString() });
      await check.connect();
      const applied = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      const tables = await check.query(
        `select count(*)::int as n from information_schema.tables where table_name = 'bookings'`,
      );
      await check.end();
      expect(applied.rows[0].n).toBeGreaterThan(0);
      expect(tables.rows[0].n).toBe(1);
    } finally {
      await Promise.all(instances.map((i) => i.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 60_000);
});
