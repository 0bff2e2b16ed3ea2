import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { projectRoot } from '../lib/paths.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as an uncompressed tarball. */
  dump?(): Promise<Uint8Array>;
}

export const migrationsFolder = path.join(projectRoot, 'server', 'db', 'migrations');

/**
 * Embedded PostgreSQL (PGlite). `dataDir` undefined = in memory (tests). `from` starts it from a
 * dumped data directory (`dumpPglite`) instead of running initdb, which costs seconds each time.
 */
export async function openPglite(dataDir?: string, from?: Blob): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ?? 'memory://', {
    loadDataDir: from,
    extensions: { unaccent, pg_trgm },
    // Postgres' 128 MB default buffer pool would double the server's memory; an embedded
    // database of one clinic network fits in far less (docs/performance.md).
    postgresqlconf: [
      'shared_buffers=8MB',
      'work_mem=4MB',
      'maintenance_work_mem=16MB',
      'max_connections=5',
      'max_locks_per_transaction=64',
    ],
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
    dump: async () => new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()),
  };
}

/** A real PostgreSQL server through node-postgres. */
/** The advisory lock key that serializes migrations across processes. */
const MIGRATION_LOCK = 7_224_617_001;

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // The product's queries are short; a plan whose estimate crosses jit_above_cost (a search over
    // thousands of rooms) paid ~1 s compiling itself (docs/performance.md).
    options: '-c jit=off',
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process:
  // the pool replaces it on the next query.
  pool.on('error', (err) => {
    if (!process.env.VITEST) console.error('Conexão ociosa com o PostgreSQL encerrada:', err.message);
  });
  // Fail fast with a clear error if the server is unreachable.
  const conn = await pool.connect();
  conn.release();
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      // Instances started together apply the migrations one at a time: the others wait on this
      // session lock, then find them applied.
      const lock = new pg.Client({ connectionString: url });
      await lock.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migrateNodePg(db as never, { migrationsFolder });
      } finally {
        await lock.end();
      }
    },
    close: () => pool.end(),
  };
}

/** Postgres error code behind a Drizzle-wrapped driver error. */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

export function pgConstraint(err: unknown): string | undefined {
  const e = err as { constraint?: unknown; cause?: { constraint?: unknown } } | null;
  const c = e?.cause?.constraint ?? e?.constraint;
  return typeof c === 'string' ? c : undefined;
}

/** Runs raw SQL and answers its rows, on either driver. */
export async function queryRows<T extends Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
