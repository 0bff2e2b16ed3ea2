/**
 * `npm test`'s vitest stage in one run (issue 27): the unit and API suites on PGlite, the same
 * server suites on the throwaway PostgreSQL of TEST_DATABASE_URL (scripts/with-postgres.mjs), and
 * the date-sensitive suites at the hard instants — each a project, all files spread over two
 * workers. One PGlite process keeps ~1.4 cores busy and a PostgreSQL file mostly waits on the
 * server, so two at once fill the machine where three runs one after the other left a core idle.
 */
import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config.ts';
import { instantProjects, shared, unitFiles } from './vitest.instants.config.ts';

const postgres = process.env.TEST_DATABASE_URL;
if (!postgres)
  throw new Error('vitest.suites.config.ts: rode com node scripts/with-postgres.mjs (TEST_DATABASE_URL)');

/** The module that opens a test run's database (PGlite, or TEST_DATABASE_URL's server). */
const TEST_DATABASE = path.resolve('server/test/app.ts');

const importsOf = (file: string): string[] =>
  [...fs.readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'((?:\.{1,2}\/|#server\/)[^']+)'/g)].map(
    ([, spec]) =>
      spec!.startsWith('#server/')
        ? path.resolve('server', `${spec!.slice('#server/'.length)}.ts`)
        : path.resolve(path.dirname(file), spec!),
  );

/** Whether a suite runs on the test run's database: it reads TEST_DATABASE_URL or reaches test/app.ts. */
function usesTestDatabase(file: string): boolean {
  if (fs.readFileSync(file, 'utf8').includes('TEST_DATABASE_URL')) return true;
  const seen = new Set<string>();
  const queue = [file];
  while (queue.length) {
    const next = queue.pop()!;
    if (next === TEST_DATABASE) return true;
    if (seen.has(next) || !next.endsWith('.ts') || !fs.existsSync(next)) continue;
    seen.add(next);
    queue.push(...importsOf(next));
  }
  return false;
}

const serverSuites = (fs.readdirSync('server', { recursive: true }) as string[])
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => path.join('server', f));
/**
 * The server suites that never open the test run's database (pure code, fakes, the embedded
 * database's own run contract): the PostgreSQL pass would run them again unchanged.
 */
export const databaseFreeSuites = serverSuites.filter((f) => !usesTestDatabase(path.resolve(f)));

/**
 * The suites about the embedded database itself — starting on it, migrating it, seeding the demo
 * into it, backing it up and restoring it — run on PGlite too. Every other server suite runs once,
 * on PostgreSQL (the production database, and the one where requests arriving at once are real):
 * PGlite is the same PostgreSQL engine compiled to WebAssembly, so the same SQL answers the same,
 * and the product on the embedded database is what every browser journey drives from end to end
 * (`npm start`'s database, docs/performance.md, fifth round).
 */
const EMBEDDED = ['server/bootstrap.test.ts', 'server/db/', 'server/ops/'];
const embeddedOnly = (file: string) => EMBEDDED.some((prefix) => file.startsWith(prefix));
/** The server suites that run on PostgreSQL and not again on PGlite. */
export const postgresOnlySuites = serverSuites.filter(
  (f) => !databaseFreeSuites.includes(f) && !embeddedOnly(f),
);

export default defineConfig({
  resolve: base.resolve,
  test: {
    ...shared,
    maxWorkers: 2,
    projects: [
      {
        resolve: base.resolve,
        test: {
          ...shared,
          name: 'pglite',
          include: unitFiles,
          exclude: [...configDefaults.exclude, ...postgresOnlySuites],
          env: { TEST_DATABASE_URL: '' },
        },
      },
      {
        resolve: base.resolve,
        test: {
          ...shared,
          name: 'postgres',
          include: ['server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...databaseFreeSuites],
          env: { TEST_DATABASE_URL: postgres },
        },
      },
      // The hard instants on PostgreSQL too: the same 215 tests took 121 s there against 220 s on
      // PGlite, one after the other on this machine (docs/performance.md, CI time).
      ...instantProjects({ TEST_DATABASE_URL: postgres }),
    ],
  },
});
