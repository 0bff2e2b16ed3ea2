/**
 * The product started for real beside a provider's imitation (the payments' and WhatsApp's product
 * tests): processes of the repository through its TS loader, the data made beforehand in the test's
 * process and handed over (a PGlite data directory, or the database on TEST_DATABASE_URL's server),
 * and calls over HTTP only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { openPglite } from '../db/client.ts';
import type { TestContext } from './app.ts';

const root = path.resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** Starts a process of the repository through its TS loader; its output is kept for errors. */
export function start(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  children.push(child);
  return { child, output: () => output };
}

/**
 * Stops every process started, last first, waiting for each to exit; then closes the test's own
 * database and removes the product's data directory.
 */
export async function stopAll(prep: TestContext | undefined, dataDir: string | undefined): Promise<void> {
  for (const child of children.splice(0).reverse()) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await prep?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

export async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`esperou demais: ${what}`);
    await sleep(100);
  }
}

/** The environment that hands `prep`'s database over to the product (a PGlite copy under `dataDir`). */
export async function handOver(prep: TestContext, dataDir: string): Promise<Record<string, string>> {
  if (prep.databaseUrl) return { DATABASE_URL: prep.databaseUrl };
  const tar = await prep.database.dump!();
  const copy = await openPglite(path.join(dataDir, 'db'), new Blob([Buffer.from(tar)]));
  await copy.close();
  return {};
}

/** This process's environment without its DATABASE_URL (the product gets the handed-over one). */
export function inheritedEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return inherited;
}

/**
 * server/main.ts (what `npm start` runs once built) with NODE_ENV=production on `port`, this
 * process's environment under `env`; answers its URL once it serves.
 */
export async function startProduct(port: number, env: NodeJS.ProcessEnv): Promise<string> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = start(['server/main.ts'], {
    ...inheritedEnv(),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    ...env,
  });
  await until('o servidor', async () => {
    if (server.child.exitCode !== null) throw new Error(`o servidor saiu: ${server.output()}`);
    return (await fetch(`${baseUrl}/api/health`)).ok || undefined;
  });
  return baseUrl;
}

/** Calls to the product, with the XSRF double submit the web client does. */
export function productApi(baseUrl: () => string, xsrf = 'produto-xsrf-token-0123456789abcdef') {
  return async (method: string, url: string, o: { body?: unknown; token?: string } = {}) => {
    const res = await fetch(`${baseUrl()}${url}`, {
      method,
      headers: {
        cookie: `XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': xsrf,
        ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      },
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    const text = await res.text();
    return { status: res.status, text, json: text ? JSON.parse(text) : null };
  };
}
