/**
 * Test harness: a fresh app on a fresh database per call — in-memory PGlite by default, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL (the suite runs on both).
 */

import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { createMemoryMailer, type Mailer, type MailMessage } from '../adapters/mail.ts';
import { createMemoryStorage, type Storage } from '../adapters/storage.ts';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openPglite, openPostgres } from '../db/client.ts';
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
  close(): Promise<void>;
}

const XSRF = 'test-xsrf-token-0123456789';

async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openPglite();
    return { database, drop: async () => {} };
  }
  const name = `salas_test_${process.pid.toString(36)}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), 5);
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
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
  const { database, drop } = await freshDatabase();
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
