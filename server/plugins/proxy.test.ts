/** TRUST_PROXY (DESIGN §8): a hop count or the proxies' addresses; plain `true` refused at start. */
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryMailer } from '../adapters/mail.ts';
import { createMemoryStorage } from '../adapters/storage.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { migratedTestDatabase } from '../test/app.ts';
import { TEST_NOW } from '../test/now.ts';

const opened: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const o of opened) await o.close();
});

/** An app with TRUST_PROXY set and a probe answering the client address it decided on. */
async function appWith(trust: string) {
  const { database, drop } = await migratedTestDatabase();
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/salas-proxy-test',
      LOG_LEVEL: 'silent',
      TRUST_PROXY: trust,
    }),
    database,
    mailer: createMemoryMailer(),
    storage: createMemoryStorage(),
    clock: () => TEST_NOW,
    webRoot: false,
    logger: false,
  });
  app.get('/ip-probe', async (request) => request.ip);
  await app.ready();
  opened.push(app, database, { close: drop });
  return (xff: string | undefined, remoteAddress = '127.0.0.1') =>
    app
      .inject({
        method: 'GET',
        url: '/ip-probe',
        remoteAddress,
        headers: xff ? { 'x-forwarded-for': xff } : {},
      })
      .then((r) => r.body);
}

describe('TRUST_PROXY', () => {
  it('refuses plain true at start, and anything that is not a count or addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true confiaria em qualquer X-Forwarded-For/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(
      /TRUST_PROXY: endereço ou CIDR inválido/,
    );
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('with one proxy, takes the address the proxy added and ignores what the client wrote before it', async () => {
    const ip = await appWith('1');
    // nginx's proxy_add_x_forwarded_for appends the real peer to whatever the client sent.
    expect(await ip('6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await ip('203.0.113.7')).toBe('203.0.113.7');
    expect(await ip(undefined)).toBe('127.0.0.1');
  });

  it('with the proxies listed, trusts only them', async () => {
    const ip = await appWith('127.0.0.1');
    expect(await ip('6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    // A client that is not the proxy cannot name its own address.
    expect(await ip('6.6.6.6', '198.51.100.9')).toBe('198.51.100.9');
  });

  it('without a proxy, ignores X-Forwarded-For', async () => {
    const ip = await appWith('false');
    expect(await ip('6.6.6.6', '198.51.100.9')).toBe('198.51.100.9');
  });
});
