import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '#common/errors';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { READY_WITHIN_MS } from './meta.routes.ts';

describe('meta and cross-cutting behaviour', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('GET /api/health answers ok while the process serves, without asking the database', async () => {
    const asked = vi.spyOn(t.db, 'execute');
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(asked).not.toHaveBeenCalled();
    asked.mockRestore();
  });

  it('GET /api/health/ready answers ok when the database answers select 1', async () => {
    const asked = vi.spyOn(t.db, 'execute');
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(asked).toHaveBeenCalledTimes(1);
    asked.mockRestore();
  });

  it('GET /api/health/ready answers 503 unavailable when the database fails or takes over a second', async () => {
    const failing = vi.spyOn(t.db, 'execute').mockImplementationOnce(() => {
      const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
        code: 'ECONNREFUSED',
      });
      return Promise.reject(refused) as never;
    });
    const down = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable' });
    failing.mockRestore();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const hanging = vi.spyOn(t.db, 'execute').mockImplementationOnce(() => new Promise(() => {}) as never);
    const answer = t.app.inject({ method: 'GET', url: '/api/health/ready' });
    await vi.advanceTimersByTimeAsync(READY_WITHIN_MS);
    const slow = await answer;
    vi.useRealTimers();
    hanging.mockRestore();
    expect(slow.statusCode).toBe(503);
    expect(slow.json()).toEqual({ status: 'unavailable' });
  });

  it('a database that cannot answer is 503 in Portuguese with Retry-After, never a 500', async () => {
    // Drizzle wraps the driver's error: the code is on its cause (pg codes and Node's socket codes).
    const failures = [
      { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' },
      { code: '57P01', message: 'terminating connection due to administrator command' },
      { code: '57P03', message: 'the database system is starting up' },
      { code: '53300', message: 'sorry, too many clients already' },
      { code: '08006', message: 'connection failure' },
      { code: undefined, message: 'Connection terminated unexpectedly' },
      { code: undefined, message: 'timeout exceeded when trying to connect' },
    ];
    for (const failure of failures) {
      const spy = vi.spyOn(t.db, 'select').mockImplementationOnce(() => {
        throw new DrizzleQueryError(
          'select 1',
          [],
          Object.assign(new Error(failure.message), { code: failure.code }),
        );
      });
      const res = await t.app.inject({ method: 'GET', url: '/api/facilities' });
      spy.mockRestore();
      expect(res.statusCode, failure.message).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ message: messages.unavailable });
    }
  });

  it('any other database error stays a 500 with its request id (a bug, not an outage)', async () => {
    const spy = vi.spyOn(t.db, 'select').mockImplementationOnce(() => {
      throw new DrizzleQueryError(
        'select 1',
        [],
        Object.assign(new Error('division by zero'), { code: '22012' }),
      );
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/facilities' });
    spy.mockRestore();
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(res.json().request_id).toEqual(expect.any(String));
  });

  it('sets the XSRF cookie and the security headers, without x-powered-by', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/XSRF-TOKEN=[\w-]{20,}/);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('refuses a state-changing request without the XSRF double submit', async () => {
    const res = await request(t.app, { method: 'POST', url: '/api/health', xsrf: false });
    expect(res.statusCode).toBe(419);
    expect(res.json().message).toMatch(/XSRF/);
  });

  it('answers unknown API routes with a Portuguese 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Rota não encontrada.' });
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/health']).toBeDefined();
  });
});
