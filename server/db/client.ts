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

/** The advisory lock key that serializes migrations across processes. */
const MIGRATION_LOCK = 7_224_617_001;

/**
 * How long a query waits for a connection — a new one while the server does not answer, or a free
 * one of the pool — before it fails (and its request answers 503): never forever.
 */
export const CONNECT_TIMEOUT_MS = 5_000;

/** Logs a connection's error once (not in tests: they cut connections on purpose). */
const logConnectionError = (what: string) => (err: Error) => {
  if (!process.env.VITEST) console.error(`${what}:`, err.message);
};

/**
 * A real PostgreSQL server through node-postgres. A connection the server drops — idle in the pool
 * or held by a transaction (a restart, a failover, `pg_terminate_backend`) — is an error of the
 * queries on it, never an event nobody listens to (that would end the process): the pool replaces
 * it on the next query. Starting with the server unreachable fails with a clear message.
 */
export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A server that vanished without closing its sockets is noticed by TCP keepalive.
    keepAlive: true,
    // How an operator finds this process's sessions in pg_stat_activity (the URL may name another).
    application_name: 'salas',
    // The product's queries are short; a plan whose estimate crosses jit_above_cost (a search over
    // thousands of rooms) paid ~1 s compiling itself (docs/performance.md).
    options: '-c jit=off',
  });
  pool.on('error', logConnectionError('Conexão ociosa com o PostgreSQL encerrada'));
  // A connection checked out by a transaction has no pool listener while it is out: its error
  // reaches the transaction's queries (and their requests answer 503); this listener only keeps it
  // from being an 'error' event nobody listens to.
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    const conn = await pool.connect();
    conn.release();
  } catch (err) {
    await pool.end().catch(() => undefined);
    const where = new URL(url);
    const e = err as { message?: string; code?: string };
    throw new Error(
      `PostgreSQL inacessível em ${where.hostname}:${where.port || 5432} (${e.message || e.code})`,
      {
        cause: err,
      },
    );
  }
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      // Instances started together apply the migrations one at a time: the others wait on this
      // session lock, then find them applied.
      const lock = new pg.Client({ connectionString: url });
      lock.on('error', logConnectionError('Conexão de migração com o PostgreSQL perdida'));
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

/** Node's socket errors that mean the database server could not be reached or went away. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's codes (SQLSTATE) for a server that cannot serve this session now: class 08
 * (connection exception), 57P01 admin_shutdown (`pg_terminate_backend`, a fast shutdown), 57P02
 * crash_shutdown, 57P03 cannot_connect_now (starting up, recovering), 57P05 idle_session_timeout,
 * 53300 too_many_connections.
 */
const SERVER_GONE = /^(08[0-9A-Z]{3}|57P0[1235]|53300)$/;

/** node-postgres' and PGlite's own words for a connection that is gone or was never made. */
const GONE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
];

/**
 * Whether `err` — a driver error, or Drizzle's wrapping of one (`cause`), or Node's AggregateError
 * of the addresses tried — means the database is unreachable or dropped the connection, rather
 * than refusing this query: the request answers 503 and may be tried again.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (UNREACHABLE.has(e.code) || SERVER_GONE.test(e.code))) return true;
  if (typeof e.message === 'string' && GONE_MESSAGES.some((m) => (e.message as string).includes(m)))
    return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1)))
    return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
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
