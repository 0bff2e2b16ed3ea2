import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryMailer } from '../adapters/mail.ts';
import { createMemoryStorage } from '../adapters/storage.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { insertUser } from '../features/auth/user.repository.ts';
import { hashPassword } from '../lib/password.ts';
import { migratedTestDatabase } from '../test/app.ts';
import { TEST_NOW } from '../test/now.ts';
import { loggerOptions, redactUrl } from './logging.ts';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

let database: Database;
let drop: () => Promise<void>;
let app: Awaited<ReturnType<typeof buildApp>>;
const mailer = createMemoryMailer();
const xsrf = { cookie: 'XSRF-TOKEN=log-test-xsrf-0123456789', 'x-xsrf-token': 'log-test-xsrf-0123456789' };

beforeAll(async () => {
  ({ database, drop } = await migratedTestDatabase());
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/salas-log-test' });
  app = await buildApp({
    config,
    database,
    mailer,
    mailDelivery: 'manual',
    storage: createMemoryStorage(),
    clock: () => TEST_NOW,
    webRoot: false,
    logger: { ...(loggerOptions('info') as object), stream: sink },
  });
  await insertUser(database.db, {
    name: 'Paula Registro',
    email: 'paula@exemplo.com.br',
    passwordHash: await hashPassword('SenhaSecreta#42'),
    role: 'customer',
    verified: true,
    now: TEST_NOW,
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
  await drop();
});

describe('request logs', () => {
  it('never contain passwords, codes, bearer tokens or cookies', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/loginTwoFactor',
      headers: xsrf,
      payload: { email: 'paula@exemplo.com.br', password: 'SenhaSecreta#42' },
    });
    await app.services.mailer.deliver();
    const code = mailer.sent.at(-1)!.text.match(/Código: (\d{6})/)![1]!;
    const res = await app.inject({
      method: 'POST',
      url: '/api/authenticateToken',
      headers: xsrf,
      payload: { email: 'paula@exemplo.com.br', login_token: code },
    });
    const token = res.json().data.token as string;
    await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });
    await app.inject({ method: 'GET', url: `/api/nada?token=${token}&code=${code}` });

    const log = lines.join('');
    expect(log).toContain('/api/authenticateToken');
    for (const secret of ['SenhaSecreta#42', token, code, 'log-test-xsrf-0123456789']) {
      expect(log).not.toContain(secret);
    }
  });

  it('masks secret query values and e-mail addresses', () => {
    expect(redactUrl('/auth-user-ogin?email=a%40b.com&token=123456')).toBe(
      '/auth-user-ogin?email=%5Be-mail%5D&token=%5Boculto%5D',
    );
    // The provider's OAuth redirect: neither the code nor the state is written down.
    expect(redactUrl('/api/mercadopago/oauth/callback?code=TG-abc123&state=s3cr3t')).toBe(
      '/api/mercadopago/oauth/callback?code=%5Boculto%5D&state=%5Boculto%5D',
    );
  });

  it('masks the calendar feed secret and e-mail addresses in paths', () => {
    expect(redactUrl('/api/calendar/f3c1a9b2d4e5f60718293a4b5c6d7e8f.ics')).toBe('/api/calendar/[oculto]');
    expect(redactUrl('/two-factors/ana.souza@clinica.com.br')).toBe('/two-factors/[e-mail]');
    expect(redactUrl('/api/force/verification/ana%40clinica.com.br?x=1')).toBe(
      '/api/force/verification/[e-mail]?x=1',
    );
  });

  it('writes no feed secret and no e-mail of a request path to the log', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/calendar/segredo-do-feed-0123456789abcdef.ics' });
    await app.inject({ method: 'GET', url: '/api/force/verification/paula@exemplo.com.br' });
    const log = lines.join('\n');
    expect(log).not.toContain('segredo-do-feed');
    expect(log).not.toContain('paula@exemplo.com.br');
    expect(log).toContain('/api/calendar/[oculto]');
  });
});
