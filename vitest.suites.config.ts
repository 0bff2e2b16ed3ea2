/**
 * `npm test`'s vitest stage in one run (issue 27): the unit and API suites on PGlite, the same
 * server suites on the throwaway PostgreSQL of TEST_DATABASE_URL (scripts/with-postgres.mjs), and
 * the date-sensitive suites at the hard instants — each a project, all files spread over two
 * workers. One PGlite process keeps ~1.4 cores busy and a PostgreSQL file mostly waits on the
 * server, so two at once fill the machine where three runs one after the other left a core idle.
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';
import { instantProjects, shared, unitFiles } from './vitest.instants.config.ts';

const postgres = process.env.TEST_DATABASE_URL;
if (!postgres)
  throw new Error('vitest.suites.config.ts: rode com node scripts/with-postgres.mjs (TEST_DATABASE_URL)');

export default defineConfig({
  resolve: base.resolve,
  test: {
    ...shared,
    maxWorkers: 2,
    projects: [
      {
        resolve: base.resolve,
        test: { ...shared, name: 'pglite', include: unitFiles, env: { TEST_DATABASE_URL: '' } },
      },
      {
        resolve: base.resolve,
        test: {
          ...shared,
          name: 'postgres',
          include: ['server/**/*.test.ts'],
          env: { TEST_DATABASE_URL: postgres },
        },
      },
      ...instantProjects({ TEST_DATABASE_URL: '' }),
    ],
  },
});
