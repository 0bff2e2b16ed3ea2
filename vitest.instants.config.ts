/**
 * The date-sensitive suites at the instants that break naive date code (issue: tests that pass
 * whatever the date). Each instant is a project with its own TEST_NOW (server/test/now.ts), so one
 * run spreads every file × instant over the workers. `npm run test:instants`; one more instant:
 * `TEST_NOW=2027-02-28T23:30:00-03:00 npx vitest run <files>`.
 */
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.ts';

export const hardInstants = {
  'fim-de-mes-23h30': '2026-11-30T23:30:00-03:00',
  'reveillon-23h30': '2026-12-31T23:30:00-03:00',
  'bissexto-29-02': '2028-02-29T10:00:00-03:00',
  domingo: '2026-11-29T08:00:00-03:00',
  'horario-de-verao-nova-york': '2027-03-14T01:30:00-05:00',
} as const;

/** Pure date code, slots and availability, and the suites that book, charge, expire and search. */
export const dateSuites = [
  'common/**/*.test.ts',
  'server/features/availability/*.test.ts',
  'server/features/booking-rules/*.test.ts',
  'server/features/series/*.test.ts',
  'server/features/lifecycle/*.test.ts',
  'server/features/search/*.test.ts',
];

export default mergeConfig(
  base,
  defineConfig({
    test: {
      projects: Object.entries(hardInstants).map(([name, at]) => ({
        extends: true,
        test: { name, include: dateSuites, env: { TEST_NOW: at } },
      })),
    },
  }),
);
