/**
 * The product listening on a real port, its database on TEST_DATABASE_URL's server reached through
 * a TCP proxy the test cuts (tcp-proxy.ts), and a small load of visitors and specialists that
 * records every answer — or the lack of one. The shared server and every other suite on it never
 * notice: only this app's connections go through the proxy.
 */
import { createMemoryMailer } from '../adapters/mail.ts';
import { createMemoryStorage } from '../adapters/storage.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openPostgres } from '../db/client.ts';
import { migratedTestDatabase, type TestContext } from './app.ts';
import { testClock } from './now.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

/** The `application_name` of the app's connections (pg_stat_activity tells them by it). */
export const OUTAGE_APP_NAME = 'salas_outage_test';

export interface OutageContext extends TestContext {
  proxy: TcpProxy;
  /** The same database reached directly (not through the proxy), to look at it while the app cannot. */
  direct: Database;
  /** The database's name on the server. */
  databaseName: string;
  /** The app's address, e.g. http://127.0.0.1:40123. */
  base: string;
}

/** Runs `step`, giving up (and saying so) after 10 s so a teardown never holds the run. */
async function bounded(name: string, step: () => Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), 10_000);
  });
  const outcome = await Promise.race([step().then(() => 'done' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late') console.error(`database-outage: ${name} não terminou em 10 s`);
}

/** A fresh migrated database, the app on it through a proxy, listening on a free port. */
export async function appBehindProxy(): Promise<OutageContext> {
  const { database: direct, drop, url } = await migratedTestDatabase();
  if (!url) throw new Error('appBehindProxy: precisa de TEST_DATABASE_URL (PostgreSQL)');
  const target = new URL(url);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const through = new URL(proxy.through(url));
  through.searchParams.set('application_name', OUTAGE_APP_NAME);
  const database = await openPostgres(through.toString(), 5);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/salas-test-data',
    LOG_LEVEL: 'silent',
  });
  const memory = createMemoryMailer();
  const storage = createMemoryStorage();
  const clock = testClock();
  const app = await buildApp({
    config,
    database,
    mailer: memory,
    mailDelivery: 'manual',
    storage,
    clock: () => clock.now,
    webRoot: false,
    logger: false,
    checkSerializers: true,
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
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
    proxy,
    direct,
    databaseName: target.pathname.slice(1),
    base,
    async close() {
      // Each step is bounded: once in a loaded full run the afterAll waited past its 60 s on one
      // of them (not reproduced alone); the step that hangs is named instead of failing the file.
      await bounded('app.close', () => app.close());
      await bounded('pool.end', () => database.close());
      await bounded('proxy.close', () => proxy.close());
      await bounded('direct.close', () => direct.close());
      await bounded('drop', () => drop());
    },
  };
}

/** One request's fate: its answer, or `dropped` when no HTTP answer came (reset, hang-up, hang). */
export interface Answer {
  what: string;
  /** Where the test stood when the request left. */
  phase: string;
  status: number | 'dropped';
  retryAfter: string | null;
  body: unknown;
  error?: string;
}

const XSRF = 'outage-xsrf-token-0123456789';
/** Longer than any answer may take; a request still waiting by then is counted as dropped. */
const NO_ANSWER_MS = 20_000;

/** A real HTTP request to the listening app (not inject: a dropped socket must show). */
export async function hit(
  base: string,
  what: string,
  phase: string,
  init: { method?: string; path: string; token?: string; body?: unknown },
): Promise<Answer> {
  const headers: Record<string, string> = { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(`${base}${init.path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(NO_ANSWER_MS),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: kept as text */
    }
    return { what, phase, status: res.status, retryAfter: res.headers.get('retry-after'), body };
  } catch (err) {
    return { what, phase, status: 'dropped', retryAfter: null, body: null, error: String(err) };
  }
}

export interface Load {
  answers: Answer[];
  /** The phase the next requests are sent in. */
  phase: string;
  stop(): Promise<void>;
}

/**
 * Loops, each sending one request after another (a short pause between) until stopped: a small
 * concurrent load. Each loop's request is made by `next(i)` (i counts that loop's requests).
 */
export function startLoad(
  base: string,
  loops: Record<string, (i: number) => { method?: string; path: string; token?: string; body?: unknown }>,
): Load {
  let stopped = false;
  const load: Load = {
    answers: [],
    phase: 'before',
    async stop() {
      stopped = true;
      await Promise.all(running);
    },
  };
  const running = Object.entries(loops).map(async ([what, next]) => {
    for (let i = 0; !stopped; i++) {
      load.answers.push(await hit(base, what, load.phase, next(i)));
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  });
  return load;
}

/** Waits until `done()` holds, checking every 50 ms; fails naming `what` after `limitMs`. */
export async function until(what: string, done: () => boolean | Promise<boolean>, limitMs = 15_000) {
  const deadline = Date.now() + limitMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`esperou demais: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Records what would kill a process on its own: a rejection nobody handled, an exception nobody caught. */
export function recordProcessFaults() {
  const faults: string[] = [];
  // The first line is enough to tell them apart (a failed query's text follows it).
  const line = (e: unknown) => String(e).split('\n')[0]!.slice(0, 200);
  const onRejection = (reason: unknown) => faults.push(`unhandledRejection: ${line(reason)}`);
  const onException = (err: unknown) => faults.push(`uncaughtException: ${line(err)}`);
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return {
    faults,
    stop() {
      process.off('unhandledRejection', onRejection);
      process.off('uncaughtException', onException);
    },
  };
}
