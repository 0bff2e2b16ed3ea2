/**
 * `GET /metrics` (DESIGN §10 "Staying up"): 404 without METRICS_TOKEN, 401 without its bearer,
 * and with it Prometheus' text whose values move with the product — request durations by route
 * pattern, the mail queue, payments waiting on the provider, refunds pending, held payments, job
 * runs and failures — and still 200 when the database is gone. The alert rules operators load
 * (docs/prometheus/alerts.yml) name only metrics served here. Read as text, line by line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { addDays, zonedDate } from '#common/time/zone';
import { ConfigError, loadConfig } from '../config.ts';
import { bookings, payments, refunds } from '../db/schema.ts';
import { retryRefunds } from '../features/lifecycle/refunds.service.ts';
import { runJob } from '../jobs.ts';
import { projectRoot } from '../lib/paths.ts';
import { createTestContext, request, type TestContext } from '../test/app.ts';
import { signedInAs } from '../test/fixtures.ts';
import { bookByCard, createClinic, createRoom, openClinic, saveCard } from '../test/supply-fixtures.ts';
import { METRICS_UNAUTHORIZED, NOT_FOUND_ROUTE, STATIC_FILE_ROUTE } from './metrics.ts';

const TOKEN = 'metricas-de-teste-0123456789abcdefghij';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus' text format (one sample a line; `# TYPE name kind` before each family). */
function parseMetrics(text: string) {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    const type = line.match(/^# TYPE (\S+) (\S+)$/);
    if (type) types.set(type[1]!, type[2]!);
    if (!line || line.startsWith('#')) continue;
    const m = line.match(/^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/);
    if (!m) throw new Error(`linha fora do formato: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = value!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return { samples, types };
}

/** The value of the sample with exactly these labels; undefined when there is none. */
function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const keys = Object.keys(labels);
  return parseMetrics(text).samples.find(
    (s) =>
      s.name === name &&
      Object.keys(s.labels).length === keys.length &&
      keys.every((k) => s.labels[k] === labels[k]),
  )?.value;
}

/** Every series name the text serves: families from `# TYPE`, with a histogram's own series. */
function servedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const [name, kind] of parseMetrics(text).types) {
    names.add(name);
    if (kind === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(name + s);
  }
  return names;
}

async function scrape(ctx: TestContext, authorization = `Bearer ${TOKEN}`) {
  const res = await request(ctx.app, { method: 'GET', url: '/metrics', headers: { authorization } });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

describe('METRICS_TOKEN', () => {
  it('is refused at start when short or with spaces, naming the key', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'curto-demais' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'curto-demais' })).toThrow(
      /METRICS_TOKEN: deve ter pelo menos 32 caracteres/,
    );
    expect(() => loadConfig({ METRICS_TOKEN: `${TOKEN} com espaço` })).toThrow(
      /METRICS_TOKEN: só caracteres visíveis/,
    );
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(loadConfig({}).metricsToken).toBeUndefined();
  });

  it('unset: /metrics is unknown (404) even with a bearer, and jobs still run and report nothing', async () => {
    const off = await createTestContext();
    try {
      const res = await request(off.app, {
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
      let ran = 0;
      await runJob(off.app, { id: 'teste', name: 'teste', run: async () => ran++ });
      await runJob(off.app, {
        id: 'teste',
        name: 'teste',
        run: async () => {
          throw new Error('falha de teste');
        },
      });
      expect(ran).toBe(1);
    } finally {
      await off.close();
    }
  });
});

describe('GET /metrics with METRICS_TOKEN set', () => {
  let t: TestContext;
  let room: { uuid: string };
  let day: string;
  const at = (hh: number) => `${day}T${String(hh).padStart(2, '0')}:00:00-03:00`;

  beforeAll(async () => {
    t = await createTestContext({ METRICS_TOKEN: TOKEN });
    const partner = await signedInAs(t, 'partner');
    const clinic = await createClinic(t, partner.user, partner.token, 'Clínica Pulso');
    const address = await request(t.app, {
      method: 'POST',
      url: '/api/address',
      token: partner.token,
      payload: {
        zip_code: '01310-100',
        street: 'Avenida Paulista',
        number: '1000',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        clinic_uuid: clinic.uuid,
      },
    });
    expect(address.statusCode, address.body).toBe(201);
    await openClinic(t, partner.user, partner.token, clinic.uuid);
    room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Pulso');
    day = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 3);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 in Portuguese without the bearer, with a wrong one or another scheme', async () => {
    for (const authorization of [
      undefined,
      'Bearer errado-0123456789abcdefghijklmnopqrstuv',
      `Bearer ${TOKEN}x`,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const res = await request(t.app, {
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toEqual({ message: METRICS_UNAUTHORIZED });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers Prometheus text with the process defaults, the database up, and stays out of the API docs', async () => {
    const res = await request(t.app, {
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const types = parseMetrics(res.body).types;
    expect(types.get('process_cpu_user_seconds_total')).toBe('counter');
    expect(types.get('process_resident_memory_bytes')).toBe('gauge');
    expect(types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
    expect(types.get('http_request_duration_seconds')).toBe('histogram');
    expect(sampleValue(res.body, 'salas_database_up')).toBe(1);
    // The scheme's case does not matter (RFC 9110 §11.1).
    expect(sampleValue(await scrape(t, `bearer ${TOKEN}`), 'salas_database_up')).toBe(1);
    const docs = await request(t.app, { method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(docs.json().paths)).not.toContain('/metrics');
  });

  it('counts each request under its method, route pattern and status; unknown paths under one label', async () => {
    const count = (text: string, route: string, status: string) =>
      sampleValue(text, 'http_request_duration_seconds_count', { method: 'GET', route, status }) ?? 0;
    const before = await scrape(t);
    for (let i = 0; i < 3; i++)
      expect((await request(t.app, { method: 'GET', url: `/api/rooms/${room.uuid}` })).statusCode).toBe(200);
    for (const p of ['/api/nada-aqui-1', '/api/nada-aqui-2', '/nada-aqui-3'])
      expect((await request(t.app, { method: 'GET', url: p })).statusCode).toBe(404);
    const after = await scrape(t);
    expect(count(after, '/api/rooms/:id', '200') - count(before, '/api/rooms/:id', '200')).toBe(3);
    expect(count(after, NOT_FOUND_ROUTE, '404') - count(before, NOT_FOUND_ROUTE, '404')).toBe(3);
    // The raw paths never become labels (the series stay bounded whatever is asked).
    expect(after).not.toContain('nada-aqui');
    expect(after).not.toContain(room.uuid);
    // A histogram: the +Inf bucket holds every sample; the sum is a duration.
    expect(
      sampleValue(after, 'http_request_duration_seconds_bucket', {
        method: 'GET',
        route: '/api/rooms/:id',
        status: '200',
        le: '+Inf',
      }),
    ).toBe(count(after, '/api/rooms/:id', '200'));
    expect(
      sampleValue(after, 'http_request_duration_seconds_sum', {
        method: 'GET',
        route: '/api/rooms/:id',
        status: '200',
      }),
    ).toBeGreaterThan(0);
    // The scrape itself is a request like any other, and the 401s above were counted too.
    expect(count(after, '/metrics', '200')).toBeGreaterThan(0);
    expect(count(after, '/metrics', '401')).toBe(5);
  });

  it('shows the mail queue: pending rows and the oldest one’s age, back to zero once sent', async () => {
    const before = await scrape(t);
    const pending = sampleValue(before, 'salas_mail_outbox_pending')!;
    await t.app.services.mailer.send({
      to: 'pulso@example.com',
      subject: 'Teste da fila',
      text: 'Olá',
      html: '<p>Olá</p>',
    });
    t.clock.advance(20 * 60_000);
    const queued = await scrape(t);
    expect(sampleValue(queued, 'salas_mail_outbox_pending')).toBe(pending + 1);
    expect(sampleValue(queued, 'salas_mail_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(20 * 60);
    expect(sampleValue(queued, 'salas_mail_outbox_failed')).toBe(0);
    await t.deliverMail();
    const sent = await scrape(t);
    expect(sampleValue(sent, 'salas_mail_outbox_pending')).toBe(0);
    expect(sampleValue(sent, 'salas_mail_outbox_oldest_pending_seconds')).toBe(0);
  });

  it('shows a Pix waiting on the provider, aged from its code’s expiry', async () => {
    const ana = await signedInAs(t, 'customer');
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/customer/appointment/bulk',
      token: ana.token,
      payload: { room_uuid: room.uuid, date_times: [at(9)], payment_method: 'pix' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const open = await scrape(t);
    expect(sampleValue(open, 'salas_payments_awaiting_provider', { method: 'pix' })).toBe(1);
    expect(sampleValue(open, 'salas_payments_awaiting_provider', { method: 'card' })).toBe(0);
    // Before its code expires the customer is the one expected to act.
    expect(sampleValue(open, 'salas_payments_awaiting_provider_oldest_seconds', { method: 'pix' })).toBe(0);
    // The Pix code lasts 15 minutes (PIX_HOLD_MINUTES): 45 minutes on, it is 30 minutes overdue.
    t.clock.advance(45 * 60_000);
    const late = await scrape(t);
    expect(sampleValue(late, 'salas_payments_awaiting_provider_oldest_seconds', { method: 'pix' })).toBe(
      30 * 60,
    );
  });

  it('shows refunds pending (count, cents, oldest age) and the refunds job running them out', async () => {
    const eva = await signedInAs(t, 'customer');
    const card = await saveCard(t, eva.user, eva.token);
    const booking = await bookByCard(t, eva.token, room.uuid, card.uuid, [at(14)]);
    const [payment] = await t.db
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(eq(bookings.uuid, booking.uuid));
    const createdAt = new Date(t.clock.now.getTime() - 2 * 3_600_000);
    // A refund the provider has not confirmed yet, written two hours ago.
    await t.db.insert(refunds).values({
      paymentId: payment!.id,
      amountCents: 2_500,
      reason: 'customer_cancel',
      status: 'pending',
      nextAttemptAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    });
    const waiting = await scrape(t);
    expect(sampleValue(waiting, 'salas_refunds_pending')).toBe(1);
    expect(sampleValue(waiting, 'salas_refunds_pending_cents')).toBe(2_500);
    expect(sampleValue(waiting, 'salas_refunds_pending_oldest_seconds')).toBe(2 * 3600);
    const runs = (text: string, name: string) => sampleValue(text, name, { task: 'retry_refunds' }) ?? 0;

    await runJob(t.app, { id: 'retry_refunds', name: 'reembolsos pendentes', run: retryRefunds });
    const done = await scrape(t);
    expect(sampleValue(done, 'salas_refunds_pending')).toBe(0);
    expect(sampleValue(done, 'salas_refunds_pending_cents')).toBe(0);
    expect(sampleValue(done, 'salas_refunds_pending_oldest_seconds')).toBe(0);
    expect(runs(done, 'salas_job_runs_total') - runs(waiting, 'salas_job_runs_total')).toBe(1);
    expect(runs(done, 'salas_job_failures_total')).toBe(0);
    expect(runs(done, 'salas_job_duration_seconds_count')).toBe(runs(done, 'salas_job_runs_total'));
    expect(runs(done, 'salas_job_last_success_timestamp_seconds')).toBeGreaterThan(0);

    // Money frozen by a dispute shows as held.
    await t.db.update(payments).set({ status: 'disputed' }).where(eq(payments.id, payment!.id));
    const held = await scrape(t);
    expect(sampleValue(held, 'salas_payments_held', { status: 'disputed' })).toBe(1);
    expect(sampleValue(held, 'salas_payments_held', { status: 'charged_back' })).toBe(0);
  });

  it('counts a job that fails as a run and a failure, and the runner does not throw', async () => {
    const task = { task: 'teste_que_falha' };
    const before = await scrape(t);
    const failing = {
      id: 'teste_que_falha',
      name: 'teste que falha',
      run: async () => {
        throw new Error('falha de teste');
      },
    };
    await runJob(t.app, failing);
    await runJob(t.app, failing);
    await runJob(t.app, { ...failing, run: async () => 'ok' });
    const after = await scrape(t);
    expect(sampleValue(before, 'salas_job_runs_total', task)).toBeUndefined();
    expect(sampleValue(after, 'salas_job_runs_total', task)).toBe(3);
    expect(sampleValue(after, 'salas_job_failures_total', task)).toBe(2);
  });

  it('alert rules: valid groups of rules, in Portuguese, naming only metrics this server serves', async () => {
    const file = path.join(projectRoot, 'docs', 'prometheus', 'alerts.yml');
    const doc = parseYaml(fs.readFileSync(file, 'utf8')) as {
      groups: { name: string; rules: Record<string, unknown>[] }[];
    };
    const served = servedNames(await scrape(t));
    // Prometheus' own series about the scrape (the target's `up`) are the only others allowed.
    served.add('up');
    const functions = new Set([
      'sum',
      'max',
      'min',
      'avg',
      'count',
      'topk',
      'rate',
      'increase',
      'delta',
      'time',
      'histogram_quantile',
      'absent',
      'label_replace',
    ]);
    const keywords = new Set(['by', 'without', 'on', 'ignoring', 'and', 'or', 'unless', 'bool', 'offset']);
    const alerts: string[] = [];
    const named = new Set<string>();
    expect(doc.groups.length).toBeGreaterThan(0);
    for (const group of doc.groups) {
      expect(group.name).toMatch(/^[\w-]+$/);
      expect(group.rules.length).toBeGreaterThan(0);
      for (const rule of group.rules) {
        expect(Object.keys(rule).sort()).toEqual(['alert', 'annotations', 'expr', 'for', 'labels']);
        const {
          alert,
          expr,
          for: wait,
          labels,
          annotations,
        } = rule as {
          alert: string;
          expr: string;
          for: string;
          labels: { severity: string };
          annotations: { summary: string; description: string };
        };
        alerts.push(alert);
        expect(alert).toMatch(/^[A-Z][A-Za-z0-9]+$/);
        expect(wait).toMatch(/^\d+[smh]$/);
        expect(['critical', 'warning', 'info']).toContain(labels.severity);
        expect(annotations.summary.length).toBeGreaterThan(10);
        expect(annotations.description.length).toBeGreaterThan(40);
        // Brackets balanced, and every name outside label matchers, groupings and strings is a
        // function, a keyword or a served metric.
        for (const [open, close] of ['()', '{}', '[]'])
          expect(expr.split(open!).length, `${alert}: ${open}${close}`).toBe(expr.split(close!).length);
        const bare = expr
          .replace(/"(?:[^"\\]|\\.)*"/g, '""')
          .replace(/\{[^}]*\}/g, '')
          .replace(/\[[^\]]*\]/g, '')
          .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, '');
        for (const [name] of bare.matchAll(/[a-zA-Z_:][\w:]*/g)) {
          if (functions.has(name) || keywords.has(name)) continue;
          named.add(name);
          expect(served, `${alert}: ${name}`).toContain(name);
        }
      }
    }
    expect(new Set(alerts).size).toBe(alerts.length);
    // What DESIGN §10 asks an operator to watch is covered.
    for (const metric of [
      'salas_mail_outbox_oldest_pending_seconds',
      'salas_job_failures_total',
      'salas_payments_awaiting_provider_oldest_seconds',
      'salas_refunds_pending_oldest_seconds',
      'http_request_duration_seconds_count',
      'salas_database_up',
    ])
      expect(named).toContain(metric);
  });
});

describe('GET /metrics beside the web app', () => {
  it('wins over the app’s pages; built files count under one label, pages under their pattern', async () => {
    const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-web-metrics-'));
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      fs.readFileSync(path.join(projectRoot, 'web', 'index.html'), 'utf8'),
    );
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-5678.js'), 'console.log(1);');
    const ctx = await createTestContext({ METRICS_TOKEN: TOKEN }, { webRoot });
    try {
      expect((await request(ctx.app, { method: 'GET', url: '/assets/app-5678.js' })).statusCode).toBe(200);
      expect((await request(ctx.app, { method: 'GET', url: '/rooms' })).statusCode).toBe(200);
      expect((await request(ctx.app, { method: 'GET', url: '/pagina-que-nao-existe' })).statusCode).toBe(404);
      // Without the bearer the path is the API's 401, not the app's page.
      const refused = await request(ctx.app, { method: 'GET', url: '/metrics' });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      const text = await scrape(ctx);
      const count = (route: string, status: string) =>
        sampleValue(text, 'http_request_duration_seconds_count', { method: 'GET', route, status });
      expect(count(STATIC_FILE_ROUTE, '200')).toBe(1);
      expect(count('/*', '200')).toBe(1);
      expect(count('/*', '404')).toBe(1);
      expect(text).not.toContain('app-5678');
      expect(text).not.toContain('pagina-que-nao-existe');
    } finally {
      await ctx.close();
      fs.rmSync(webRoot, { recursive: true, force: true });
    }
  });
});

describe('GET /metrics while the database is gone', () => {
  it('still answers 200: the database down, its gauges left out, the rest served', async () => {
    const ctx = await createTestContext({ METRICS_TOKEN: TOKEN });
    const close = ctx.database.close;
    try {
      expect(sampleValue(await scrape(ctx), 'salas_mail_outbox_pending')).toBe(0);
      await close();
      // The harness closes the app and drops the database afterwards; the pool is already closed.
      ctx.database.close = async () => {};
      // inject() alone: the harness' request() would run a mail round on the closed database.
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(200);
      const text = res.body;
      expect(sampleValue(text, 'salas_database_up')).toBe(0);
      expect(text).not.toContain('salas_mail_outbox_pending');
      expect(text).not.toContain('salas_refunds_pending');
      expect(parseMetrics(text).types.get('http_request_duration_seconds')).toBe('histogram');
      expect(parseMetrics(text).types.get('process_cpu_user_seconds_total')).toBe('counter');
    } finally {
      await ctx.close();
    }
  });
});
