/**
 * What Fastify and Node answer before any route or hook runs — found by the generated run over the
 * OpenAPI document (bench/api-fuzz.mjs): a path that is not valid percent-encoding, a path
 * parameter over 200 characters, headers over 16 KB. Each answers in Portuguese, in the API's
 * shape, with the security headers, and echoes nothing of the request.
 */

import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, request, type TestContext } from '../test/app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** Sends raw bytes and answers everything the server wrote back before closing. */
function raw(bytes: string): Promise<string> {
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('error', (err) => (answer ? resolve(answer) : reject(err)));
    socket.on('close', () => resolve(answer));
  });
}

describe('answers made before any route', () => {
  it.each([
    '/api/customer/payment/%ED%A0%80',
    '/api/customer/payment/%FF',
    '/api/customer/room/%E0%A4%A/availability/2026-12-01',
  ])('a path that is not valid percent-encoding (%s): 400 in Portuguese', async (url) => {
    const res = await request(t.app, { method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Endereço inválido.' });
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.body).not.toContain('%');
  });

  it('a path parameter over 200 characters names nothing: 404 in Portuguese', async () => {
    // PUT and DELETE /api/contact/{id} (a GET there is another method: 405).
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await request(t.app, { method, url: `/api/contact/${'a'.repeat(201)}`, payload: {} });
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ message: 'Recurso não encontrado.' });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('headers over 16 KB: 431 in Portuguese, then the connection closes', async () => {
    const answer = await raw(
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`,
    );
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/content-security-policy: default-src 'self'/i);
    expect(JSON.parse(body!)).toEqual({
      message: 'Os cabeçalhos da requisição passam do tamanho permitido.',
    });
  });

  it('a malformed request line: 400 in Portuguese', async () => {
    const answer = await raw('GET /api/health HTTP/9\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({ message: 'Requisição inválida.' });
  });
});
