import path from 'node:path';
import v8 from 'node:v8';
import type { FastifyInstance } from 'fastify';
import { createMailer } from './adapters/mail.ts';
import { createDiskStorage, openS3Storage, type Storage } from './adapters/storage.ts';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { type Database, openPglite, openPostgres } from './db/client.ts';
import { seedDemoDataIfEmpty } from './db/seed/demo.ts';
import { keepStatistics } from './db/statistics.ts';
import { ensureOwner } from './features/auth/owner-bootstrap.ts';
import { startJobs } from './jobs.ts';
import { lockDataDir } from './lib/data-dir-lock.ts';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  /** Finishes in-flight requests, closes the database and releases the data-dir lock. */
  stop(): Promise<void>;
}

/** Photos on this machine's disk, or in the S3-compatible bucket, checked before anything listens. */
export async function openStorage(config: Config): Promise<Storage & { close?(): void }> {
  return config.s3 ? openS3Storage(config.s3) : createDiskStorage(path.join(config.dataDir, 'uploads'));
}

/** Opens the database (locking an embedded one), migrates, seeds, builds the app and listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  let release = () => {};
  let database: Database;
  if (config.databaseUrl) {
    database = await openPostgres(config.databaseUrl);
  } else {
    // PGlite is Postgres compiled to WebAssembly; V8's optimising tier would spend ~50 MB on its
    // machine code for little gain on a one-process database (docs/performance.md).
    v8.setFlagsFromString('--liftoff-only');
    const dir = path.join(config.dataDir, 'db');
    release = lockDataDir(config.dataDir);
    try {
      database = await openPglite(dir);
    } catch (err) {
      release();
      throw err;
    }
  }
  try {
    await database.migrate();
    // The product's one clock: every service reads the time through it (tests set their own).
    const clock = () => new Date();
    if (config.admin) await ensureOwner(database.db, config.admin, clock());
    const storage = await openStorage(config);
    if (config.demoData)
      await seedDemoDataIfEmpty(database.db, storage, clock(), { tokenKey: config.tokenEncryptionKey });
    const mailer = createMailer({
      from: config.mailFrom,
      mailDir: config.mailDir,
      smtpUrl: config.smtpUrl,
      // Failed deliveries go to the app's log, made by buildApp just below (mail leaves only later).
      log: { warn: (details, message) => app.log.warn(details, message) },
    });
    const app = await buildApp({ config, database, mailer, storage, clock });
    const stopStatistics = await keepStatistics(database, app.log);
    const url = await app.listen({ port: config.port, host: config.host });
    const stopJobs = startJobs(app);
    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= (async () => {
        // close() waits for in-flight requests; their keep-alive connections only become idle
        // afterwards, so keep closing idle ones until everything is done.
        stopJobs();
        stopStatistics();
        const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
        try {
          await app.close();
        } finally {
          clearInterval(sweep);
        }
        await database.close();
        storage.close?.();
        release();
      })());
    return { app, database, url, stop };
  } catch (err) {
    await database.close().catch(() => {});
    release();
    throw err;
  }
}
