/**
 * Test harness: a fresh app on a fresh database per call — in-memory PGlite by default, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL (the suite runs on both).
 */

import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { createMemoryMailer, type Mailer, type MailMessage } from '../adapters/mail.ts';
import { createMemoryStorage, type Storage } from '../adapters/storage.ts';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, migrationsFolder, openPglite, openPostgres } from '../db/client.ts';
import { type TestClock, testClock } from './now.ts';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  /** Mails the outbox sent (every `request()` ends with a sending round; see `deliverMail`). */
  mail: MailMessage[];
  /** Runs a sending round of the outbox now (after calling services or jobs directly). */
  deliverMail(): Promise<number>;
  storage: ReturnType<typeof createMemoryStorage>;
  config: Config;
  /** The app's clock: it stands at TEST_NOW (test/now.ts) until a test moves it. */
  clock: TestClock;
  /** The database's URL on TEST_DATABASE_URL's server (none for PGlite), for a process started beside. */
  databaseUrl?: string;
  close(): Promise<void>;
}

const XSRF = 'test-xsrf-token-0123456789';

/** The migrations' fingerprint: a template made from other migrations is never reused. */
const schemaKey = (() => {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 12);
})();

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * A migrated PGlite data directory, made once per schema and kept in the temporary folder: a test
 * database started from it takes ~0.5 s where initdb and the migrations take ~3 s. Workers that
 * race to make it each write their own file and rename it into place (same bytes either way).
 */
function migratedPglite(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const file = path.join(os.tmpdir(), `salas-test-pglite-${schemaKey}.tar`);
    if (!fs.existsSync(file)) {
      const database = await openPglite();
      await database.migrate();
      const tar = await database.dump!();
      await database.close();
      const partial = `${file}.${process.pid}`;
      fs.writeFileSync(partial, tar);
      fs.renameSync(partial, file);
    }
    return new Blob([fs.readFileSync(file)]);
  })();
  return pgliteTemplate;
}

async function withAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

const TEMPLATE_LOCK = 7_224_617_002;

/**
 * A migrated database on the test server, made once per schema by whichever worker comes first
 * (an advisory lock keeps the others waiting); every test database is a copy of it.
 */
let postgresTemplate: Promise<string> | undefined;
function migratedPostgresTemplate(url: string): Promise<string> {
  postgresTemplate ??= makePostgresTemplate(url);
  return postgresTemplate;
}

async function makePostgresTemplate(url: string): Promise<string> {
  const name = `salas_template_${schemaKey}`;
  await withAdmin(url, async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return;
      await admin.query(`drop database if exists ${name}_partial`);
      await admin.query(`create database ${name}_partial`);
      const target = new URL(url);
      target.pathname = `/${name}_partial`;
      const database = await openPostgres(target.toString(), 1);
      await database.migrate();
      await database.close();
      await admin.query(`alter database ${name}_partial rename to ${name}`);
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return name;
}

/** A new migrated database of the test run's kind (PGlite, or TEST_DATABASE_URL's server). */
export async function migratedTestDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
  url?: string;
}> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openPglite(undefined, await migratedPglite());
    return { database, drop: async () => {} };
  }
  const template = await migratedPostgresTemplate(url);
  const name = `salas_test_${process.pid.toString(36)}_${randomBytes(5).toString('hex')}`;
  await withAdmin(url, (admin) => admin.query(`create database ${name} template ${template}`));
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), 5);
  return {
    database,
    url: target.toString(),
    drop: async () => {
      await withAdmin(url, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

export async function createTestContext(
  env: Record<string, string> = {},
  options: {
    webRoot?: string;
    mailer?: Mailer;
    mailDelivery?: 'background' | 'manual';
    /** Where photos go instead of memory (the S3 adapter's tests). */
    storage?: Storage;
  } = {},
): Promise<TestContext> {
  const { database, drop, url } = await migratedTestDatabase();
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/salas-test-data',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const memory = createMemoryMailer();
  const storage = createMemoryStorage();
  const clock = testClock();
  const app = await buildApp({
    config,
    database,
    mailer: options.mailer ?? memory,
    mailDelivery: options.mailDelivery ?? 'manual',
    storage: options.storage ?? storage,
    clock: () => clock.now,
    webRoot: options.webRoot ?? false,
    logger: false,
    checkSerializers: true,
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    mail: memory.sent,
    deliverMail: () => app.services.mailer.deliver(),
    storage,
    config,
    clock,
    databaseUrl: url,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/** inject() with the XSRF double submit done the way the web client does it. */
export function request(
  app: FastifyInstance,
  options: InjectOptions & { token?: string; xsrf?: boolean },
): Promise<LightMyRequestResponse> {
  const { token, xsrf = true, ...rest } = options;
  const headers: Record<string, string> = { ...(rest.headers as Record<string, string>) };
  if (xsrf) {
    headers.cookie = [headers.cookie, `XSRF-TOKEN=${XSRF}`].filter(Boolean).join('; ');
    headers['x-xsrf-token'] = XSRF;
  }
  if (token) headers.authorization = `Bearer ${token}`;
  return app.inject({ ...rest, headers }).then(async (res) => {
    // The mails the request wrote go out now, as the outbox job would do a moment later.
    await app.services.mailer.deliver();
    return res;
  });
}
