import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './bootstrap.ts';
import { loadConfig } from './config.ts';
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
});
