/**
 * `GET /metrics` in Prometheus' text format (DESIGN §10 "Staying up"), only when METRICS_TOKEN is
 * set and only to `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise; without the token the
 * path is unknown: 404, and nothing is measured). What it holds:
 *
 * - the process defaults (CPU, memory, event loop, GC; prom-client's `collectDefaultMetrics`);
 * - `http_request_duration_seconds` by method, route pattern and status, observed once per answer;
 * - the jobs' runs, failures and durations by job, as the label `task` (server/jobs.ts reports
 *   through `app.jobMetrics`);
 * - the database's gauges, read at the scrape (features/metrics/database-gauges.ts), and
 *   `salas_database_up`: when the database does not answer, the scrape still answers 200 with the
 *   rest, `salas_database_up 0` and no database gauge (a zero would look like an empty queue).
 *
 * Every app has its own registry (the tests build many apps in one process); the process defaults
 * live in one registry per process, made the first time an app turns metrics on.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '#common/errors';
import { createDatabaseGauges } from '../features/metrics/database-gauges.ts';
import type { Services } from '../services.ts';

/** The route label of a request no route took (a bounded label, whatever the path asked). */
export const NOT_FOUND_ROUTE = '(nao_encontrada)';
/** The route label of the web app's built files (one route per file, renamed by every build). */
export const STATIC_FILE_ROUTE = '(arquivo)';
/** How long a scrape waits for the database before answering without it. */
const DATABASE_BUDGET_MS = 2_000;

export const METRICS_UNAUTHORIZED = 'Informe o token de métricas: Authorization: Bearer <METRICS_TOKEN>.';

/** What the background jobs report (a no-op when metrics are off). */
export interface JobMetrics {
  /** `job` is scheduled every `everyMs` (the alert on a job without success compares with it). */
  schedule(job: string, everyMs: number): void;
  /** A run of `job` begins; the answer ends it, failed or not. */
  start(job: string): (outcome: 'ok' | 'failed') => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where server/jobs.ts reports each run (metrics plugin). */
    jobMetrics: JobMetrics;
  }
  interface FastifyContextConfig {
    /** The route's label in `http_request_duration_seconds`, worked out once when it is declared. */
    metricsRoute?: string;
  }
}

let processRegistry: Registry | undefined;
/** The process defaults, registered once per process whatever the number of apps. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether `header` is `Bearer <token>`, compared in constant time (digests of equal length). */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const token = header?.match(/^Bearer[ ]+(\S+)[ ]*$/i)?.[1];
  return token !== undefined && timingSafeEqual(digest(token), expected);
}

/** Answers `work`, or rejects once `ms` have passed (the work's own rejection handled either way). */
async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sem resposta em ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Registers the metrics: call it before any route is declared (the route labels are worked out
 * as routes are declared).
 */
export function registerMetrics(app: FastifyInstance, services: Services): void {
  const token = services.config.metricsToken;
  if (!token) {
    app.decorate('jobMetrics', { schedule: () => {}, start: () => () => {} } satisfies JobMetrics);
    return;
  }
  const defaults = processMetrics();
  const registry = new Registry();
  const databaseRegistry = new Registry();

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duração das requisições HTTP, em segundos, por método, rota e status.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onRoute', (route) => {
    // @fastify/static declares one route per built file, carrying the file in its config.
    const file = route.config && 'file' in route.config;
    route.config = { ...route.config, metricsRoute: file ? STATIC_FILE_ROUTE : route.url };
  });
  app.addHook('onResponse', (request, reply, done) => {
    httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.config.metricsRoute ?? NOT_FOUND_ROUTE,
        status: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  // `task`, not `job`: Prometheus gives every series the scrape job's own `job` label, and would
  // rename ours to `exported_job`.
  const jobLabel = { labelNames: ['task'], registers: [registry] };
  const jobRuns = new Counter({
    name: 'salas_job_runs_total',
    help: 'Execuções de cada trabalho.',
    ...jobLabel,
  });
  const jobFailures = new Counter({
    name: 'salas_job_failures_total',
    help: 'Execuções de cada trabalho que terminaram em erro.',
    ...jobLabel,
  });
  const jobDuration = new Histogram({
    name: 'salas_job_duration_seconds',
    help: 'Duração de cada execução dos trabalhos, em segundos.',
    buckets: [0.01, 0.05, 0.25, 1, 5, 15, 60, 300],
    ...jobLabel,
  });
  const jobLastSuccess = new Gauge({
    name: 'salas_job_last_success_timestamp_seconds',
    help: 'Quando cada trabalho terminou bem pela última vez (segundos desde 1970).',
    ...jobLabel,
  });
  const jobInterval = new Gauge({
    name: 'salas_job_interval_seconds',
    help: 'De quanto em quanto tempo cada trabalho roda, em segundos.',
    ...jobLabel,
  });
  app.decorate('jobMetrics', {
    schedule(job: string, everyMs: number) {
      jobInterval.set({ task: job }, everyMs / 1000);
    },
    start(job: string) {
      const stop = jobDuration.startTimer({ task: job });
      return (outcome: 'ok' | 'failed') => {
        stop();
        jobRuns.inc({ task: job });
        if (outcome === 'failed') jobFailures.inc({ task: job });
        else jobLastSuccess.setToCurrentTime({ task: job });
      };
    },
  } satisfies JobMetrics);

  const databaseUp = new Gauge({
    name: 'salas_database_up',
    help: '1 quando o banco respondeu às leituras desta coleta, 0 quando não (e os indicadores do banco ficam de fora).',
    registers: [registry],
  });
  const databaseGauges = createDatabaseGauges(databaseRegistry);

  const expected = digest(token);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!bearerMatches(request.headers.authorization, expected)) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new AppError('unauthenticated', METRICS_UNAUTHORIZED);
    }
    const fromDatabase = await within(
      databaseGauges.refresh(services.db, services.clock()),
      DATABASE_BUDGET_MS,
    ).then(
      () => true,
      (err: unknown) => {
        request.log.warn({ err }, 'métricas: o banco não respondeu');
        return false;
      },
    );
    databaseUp.set(fromDatabase ? 1 : 0);
    const parts = await Promise.all([
      defaults.metrics(),
      registry.metrics(),
      fromDatabase ? databaseRegistry.metrics() : '',
    ]);
    return reply.type(registry.contentType).send(parts.join('\n'));
  });
}
