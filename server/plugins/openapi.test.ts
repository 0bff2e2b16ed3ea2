/**
 * The OpenAPI document as integrators meet it: it lints clean with Redocly, says how to write
 * (XSRF), what errors look like, names every operation, describes files and uploads, matches the
 * status codes the server sends — and a client generated from it (openapi-typescript types with
 * openapi-fetch) signs in, books and exports against a listening server.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import createClient, { type Middleware } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedDate } from '#common/time/zone';
import type { paths } from '../../docs/api/schema.d.ts';
import { API_DOCS_DIR, currentApiDocs } from '../test/api-docs.ts';
import { createTestContext, type TestContext } from '../test/app.ts';
import { completeProfile, createUser, lastCodeTo, PASSWORD, signedInAs } from '../test/fixtures.ts';
import { createClinic, createRoom, openClinic } from '../test/supply-fixtures.ts';
import { XLSX } from './openapi.ts';

type Op = {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, unknown> }>;
  requestBody?: { content: Record<string, unknown> };
};
let docs: Awaited<ReturnType<typeof currentApiDocs>>;
let operations: [string, string, Op][];

beforeAll(async () => {
  docs = await currentApiDocs();
  operations = Object.entries(docs.document.paths as Record<string, Record<string, Op>>).flatMap(([p, ops]) =>
    Object.entries(ops).map(([m, op]) => [m, p, op] as [string, string, Op]),
  );
}, 60_000);

describe('the OpenAPI document', () => {
  it('matches the client types in docs/api (npm run api:docs writes them again)', () => {
    expect(fs.readFileSync(path.join(API_DOCS_DIR, 'schema.d.ts'), 'utf8')).toBe(docs.types);
  });

  it('passes redocly lint with no error', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'salas-openapi-')), 'openapi.json');
    fs.writeFileSync(file, docs.json);
    const res = spawnSync(
      'node_modules/.bin/redocly',
      ['lint', file, '--format=json', '--max-problems=1000'],
      {
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    const report = JSON.parse(res.stdout) as {
      totals: { errors: number };
      problems: { severity: string; ruleId: string; message: string }[];
    };
    const errors = report.problems.filter((p) => p.severity === 'error');
    expect(errors, res.stderr).toEqual([]);
    expect(report.totals.errors).toBe(0);
    expect(res.status).toBe(0);
  }, 60_000);

  it('names every operation once and documents the error shape on each', () => {
    const ids = operations.map(([, , op]) => op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('postCustomerAppointmentBulk');
    for (const [m, p, op] of operations) {
      for (const status of ['4XX', '5XX'])
        expect(op.responses[status]?.content, `${m} ${p} ${status}`).toEqual({
          'application/json': { schema: { $ref: '#/components/schemas/Erro' } },
        });
    }
  });

  it('asks every write for the XSRF cookie and header, except the signed webhook', () => {
    const schemes = (
      docs.document.components as { securitySchemes: Record<string, { in?: string; name?: string }> }
    ).securitySchemes;
    expect(schemes.xsrfCookie).toMatchObject({ in: 'cookie', name: 'XSRF-TOKEN' });
    expect(schemes.xsrfHeader).toMatchObject({ in: 'header', name: 'X-XSRF-TOKEN' });
    for (const [m, p, op] of operations) {
      const write = ['post', 'put', 'patch', 'delete'].includes(m);
      const xsrf = (op.security ?? []).every((r) => 'xsrfCookie' in r && 'xsrfHeader' in r);
      if (p === '/api/payments/webhook' || p === '/api/whatsapp/webhook')
        expect(xsrf && (op.security ?? []).length > 0).toBe(false);
      else if (write) expect(xsrf && op.security!.length > 0, `${m} ${p}`).toBe(true);
    }
    const book = operations.find(([m, p]) => m === 'post' && p === '/api/customer/appointment/bulk')![2];
    expect(book.security).toEqual([{ bearer: [], xsrfCookie: [], xsrfHeader: [] }]);
  });

  it('describes uploads, files and bodiless answers as the server sends them', () => {
    const op = (m: string, p: string) => operations.find(([om, op2]) => om === m && op2 === p)![2];
    expect(Object.keys(op('post', '/api/photo/bulk').requestBody!.content)).toEqual(['multipart/form-data']);
    expect(Object.keys(op('get', '/api/photo/{id}').responses['200']!.content!)).toEqual(['image/webp']);
    expect(Object.keys(op('get', '/api/calendar/{file}').responses['200']!.content!)).toEqual([
      'text/calendar',
    ]);
    expect(Object.keys(op('get', '/api/user/export').responses['200']!.content!)).toEqual([
      'application/zip',
    ]);
    expect(Object.keys(op('post', '/api/fusion/exportFinance').responses['200']!.content!)).toEqual([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    // The 204 deletes, the waitlist's leave and the Mercado Pago disconnect included.
    const deletes = operations.filter(([m]) => m === 'delete');
    const bodiless = deletes.filter(([, , o]) => o.responses['204']);
    expect(bodiless.length).toBe(8);
    expect(op('delete', '/api/partner/{partner}/mercadopago').responses['204']).toBeDefined();
    for (const [, , o] of bodiless) expect(o.responses['204']!.content).toBeUndefined();
  });

  it('types every spreadsheet answer as an XLSX file: paths ending .xlsx, summaries naming one, every export', () => {
    const file = (type: string) => ({ [type]: { schema: { type: 'string', format: 'binary' } } });
    // Exports that are not spreadsheets, with the file they are.
    const otherFiles: Record<string, string> = { 'get /api/user/export': 'application/zip' };
    const spreadsheets = operations.filter(
      ([m, p, op]) =>
        p.endsWith('.xlsx') ||
        /\.xlsx|planilha/i.test(op.summary ?? '') ||
        (/export/i.test(op.operationId ?? '') && !otherFiles[`${m} ${p}`]),
    );
    for (const [m, p, op] of spreadsheets)
      expect(op.responses['200']?.content, `${m} ${p}`).toEqual(file(XLSX));
    for (const [key, type] of Object.entries(otherFiles)) {
      const [m, p] = key.split(' ');
      expect(operations.find(([om, op2]) => om === m && op2 === p)![2].responses['200']!.content).toEqual(
        file(type),
      );
    }
    expect(spreadsheets.map(([m, p]) => `${m} ${p}`)).toEqual(
      expect.arrayContaining([
        'get /api/partner/{partner}/statement.xlsx',
        'post /api/fusion/exportPayouts',
        'post /api/fusion/exportAppointments',
        'post /api/fusion/exportFinance',
      ]),
    );
  });

  it('leaves the pages of the web app out', async () => {
    const web = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-web-'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
    const t = await createTestContext({}, { webRoot: web });
    try {
      const document = t.app.swagger() as { paths: Record<string, unknown> };
      expect(Object.keys(document.paths).filter((p) => !p.startsWith('/api/'))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('a client generated from the document', () => {
  let t: TestContext;
  let base: string;
  beforeAll(async () => {
    t = await createTestContext();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  /**
   * What an integrator writes once, following the document: keep the XSRF cookie the server hands
   * out, echo it on writes, and repeat a write refused with 419 once the cookie has arrived.
   */
  function client(token?: string) {
    const api = createClient<paths>({ baseUrl: base });
    const seen = { refused: 0 };
    let xsrf: string | undefined;
    const sent = new WeakMap<Request, Request>();
    const sign = (request: Request) => {
      if (token) request.headers.set('authorization', `Bearer ${token}`);
      if (xsrf) {
        request.headers.set('cookie', `XSRF-TOKEN=${xsrf}`);
        request.headers.set('x-xsrf-token', xsrf);
      }
      return request;
    };
    const session: Middleware = {
      onRequest({ request }) {
        const signed = sign(request);
        sent.set(signed, signed.clone());
        return signed;
      },
      async onResponse({ request, response }) {
        const cookie = response.headers.get('set-cookie')?.match(/XSRF-TOKEN=([^;]+)/);
        if (cookie) xsrf = cookie[1];
        const again = sent.get(request);
        if (response.status !== 419 || !cookie || !again) return response;
        seen.refused++;
        return fetch(sign(again));
      },
    };
    api.use(session);
    return Object.assign(api, { seen });
  }

  it('signs in, books and exports', async () => {
    const customer = await createUser(t, { role: 'customer' });
    await completeProfile(t, customer);
    const anonymous = client();
    const step1 = await anonymous.POST('/api/loginTwoFactor', {
      body: { email: customer.email, password: PASSWORD },
    });
    expect(step1.response.status).toBe(200);
    expect(anonymous.seen.refused).toBe(1); // the first write, before the cookie arrived
    await t.deliverMail();
    const step2 = await anonymous.POST('/api/authenticateToken', {
      body: { email: customer.email, login_token: lastCodeTo(t, customer.email) },
    });
    expect(step2.response.status).toBe(200);
    const token = step2.data!.data.token;

    const partner = await signedInAs(t, 'partner');
    const clinic = await createClinic(t, partner.user, partner.token);
    await openClinic(t, partner.user, partner.token, clinic.uuid);
    const room = await createRoom(t, partner.user, partner.token, clinic.uuid);

    const me = client(token);
    const card = await me.POST('/api/customer/{id}/card', {
      params: { path: { id: customer.uuid } },
      body: {
        number: '4242424242424242',
        holder_name: 'Ana Souza',
        exp_month: 12,
        exp_year: 2031,
        cvv: '123',
      },
    });
    expect(card.response.status, JSON.stringify(card.error)).toBe(201);
    const day = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 10);
    const free = await me.POST('/api/customer/room/{id}/availability', {
      params: { path: { id: room.uuid } },
      body: { dateBulk: [day] },
    });
    const slot = free.data!.data[0]!.slots.find((s) => s.available)!;
    const hour = {
      room_uuid: room.uuid,
      date_times: [slot.date_time],
      payment_method: 'card' as const,
      card_uuid: card.data!.data.uuid,
    };
    const booked = await me.POST('/api/customer/appointment/bulk', { body: hour });
    expect(booked.response.status, JSON.stringify(booked.error)).toBe(201);
    expect(booked.data!.data.status).toBe('confirmed');
    const taken = await me.POST('/api/customer/appointment/bulk', { body: hour });
    expect(taken.response.status).toBe(409);
    expect(taken.error).toMatchObject({ message: expect.any(String) });
    const removed = await me.DELETE('/api/customer/{id}/card', {
      params: { path: { id: card.data!.data.uuid } },
    });
    expect(removed.response.status).toBe(204);
    expect(await removed.response.text()).toBe('');

    const operator = await signedInAs(t, 'admin');
    const admin = client(operator.token);
    const sheet = await admin.POST('/api/fusion/exportAppointments', {
      body: { dateInit: day, dateEnd: day },
      parseAs: 'arrayBuffer',
    });
    expect(sheet.response.status).toBe(200);
    expect(sheet.response.headers.get('content-type')).toContain('spreadsheetml');
    expect(
      Buffer.from(sheet.data as ArrayBuffer)
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  }, 60_000);
});
