import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { queryRows } from './db/client.ts';
import { DataDirLockedError } from './lib/data-dir-lock.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-boot-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const config = (env: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    ...env,
  });

describe('run contract on the embedded database', () => {
  it('migrates, bootstraps ADMIN_EMAIL as owner, answers /api/health, and refuses a second process on the data dir', async () => {
    const server = await startServer(
      config({ ADMIN_EMAIL: 'dona@clinica.com.br', ADMIN_PASSWORD: 'Operadora#2026' }),
    );
    try {
      const res = await fetch(`${server.url}/api/health`);
      expect(await res.json()).toEqual({ status: 'ok' });
      const login = await server.app.inject({
        method: 'POST',
        url: '/api/loginTwoFactor',
        headers: { cookie: 'XSRF-TOKEN=abcdefghijklmnopqrstuv', 'x-xsrf-token': 'abcdefghijklmnopqrstuv' },
        payload: { email: 'dona@clinica.com.br', password: 'Operadora#2026' },
      });
      expect(login.statusCode).toBe(200);
      // The embedded database has no autovacuum: the server collected the planner's statistics.
      const [analyzed] = await queryRows<{ reltuples: number }>(
        server.database.db,
        sql`select reltuples from pg_class where relname = 'appointments'`,
      );
      expect(Number(analyzed?.reltuples)).toBeGreaterThanOrEqual(0);
      await expect(startServer(config())).rejects.toThrow(DataDirLockedError);
    } finally {
      await server.stop();
    }
    // Released on stop: the next start on the same data dir works and keeps the data.
    const again = await startServer(config());
    try {
      const rows = await again.app.inject({ method: 'GET', url: '/api/health' });
      expect(rows.statusCode).toBe(200);
    } finally {
      await again.stop();
    }
  }, 60_000);

  it('stops on a bad environment value, naming the key', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL/);
  });

  it('asks for the payment provider in production, and for its keys', () => {
    const production = {
      NODE_ENV: 'production',
      PAYMENT_WEBHOOK_SECRET: 'segredo-do-webhook-0123456789',
      TOKEN_ENCRYPTION_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    };
    expect(() => loadConfig(production)).toThrow(/PAYMENT_PROVIDER: é obrigatório em produção/);
    expect(loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox' }).paymentProvider).toBe('sandbox');
    expect(loadConfig({}).paymentProvider).toBe('sandbox');
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'mercadopago' })).toThrow(
      /MERCADOPAGO_ACCESS_TOKEN[\s\S]*MERCADOPAGO_PUBLIC_KEY[\s\S]*MERCADOPAGO_WEBHOOK_SECRET/,
    );
    expect(() =>
      loadConfig({ PAYMENT_PROVIDER: 'mercadopago', MERCADOPAGO_ACCESS_TOKEN: 'minha-chave' }),
    ).toThrow(/MERCADOPAGO_ACCESS_TOKEN: deve ser o Access Token/);
    const mp = loadConfig({
      ...production,
      PAYMENT_PROVIDER: 'mercadopago',
      MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-1234567890123456-000000-abcdef',
      MERCADOPAGO_PUBLIC_KEY: 'APP_USR-abcdef12-3456-7890',
      MERCADOPAGO_WEBHOOK_SECRET: 'assinatura-secreta-0123456789',
      MAX_INSTALLMENTS: '6',
      INTEREST_FREE_INSTALLMENTS: '3',
    });
    expect(mp.installments).toEqual({ max: 6, interestFree: 3 });
    expect(() => loadConfig({ MAX_INSTALLMENTS: '2', INTEREST_FREE_INSTALLMENTS: '3' })).toThrow(
      /INTEREST_FREE_INSTALLMENTS/,
    );
  });
});

describe('shutdown', () => {
  it('finishes a request in flight before closing the database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-stop-'));
    const server = await startServer(
      config({ DATA_DIR: dir, ADMIN_EMAIL: 'op@clinica.com.br', ADMIN_PASSWORD: 'Operadora#2026' }),
    );
    const inFlight = fetch(`${server.url}/api/loginTwoFactor`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: 'XSRF-TOKEN=abcdefghijklmnopqrstuv',
        'x-xsrf-token': 'abcdefghijklmnopqrstuv',
      },
      body: JSON.stringify({ email: 'op@clinica.com.br', password: 'Operadora#2026' }),
    });
    // Stop only once the request has reached the server.
    await new Promise((resolve) => server.app.server.once('request', resolve));
    const stopped = server.stop();
    const res = await inFlight;
    expect(await res.json()).toEqual({ data: { email: 'op@clinica.com.br' } });
    expect(res.status).toBe(200);
    await stopped;
    expect(fs.existsSync(path.join(dir, 'salas.lock'))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('exits cleanly on SIGTERM and releases the data dir', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-sigterm-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        DEMO_DATA: 'false',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let errors = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      errors += d;
    });
    while (!output.includes('Salas pronto')) {
      if (child.exitCode !== null) throw new Error(`saiu antes de ficar pronto: ${output}${errors}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(fs.existsSync(path.join(dir, 'salas.lock'))).toBe(true);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(fs.existsSync(path.join(dir, 'salas.lock'))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});
