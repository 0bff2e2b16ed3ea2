/**
 * The date-sensitive suites at the instants that break naive date code (issue 26: tests that pass
 * whatever the date). Each instant is a project with its own TEST_NOW (server/test/now.ts), so one
 * run spreads every file × instant over the workers. `npm run test:instants`; another instant:
 * `TEST_NOW=2027-02-28T23:30:00-03:00 npx vitest run <files>`.
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

export const hardInstants = {
  'fim-de-mes-23h30': '2026-11-30T23:30:00-03:00',
  'reveillon-23h30': '2026-12-31T23:30:00-03:00',
  'bissexto-29-02': '2028-02-29T10:00:00-03:00',
  domingo: '2026-11-29T08:00:00-03:00',
  'horario-de-verao-nova-york': '2027-03-14T01:30:00-05:00',
} as const;

/**
 * The suites whose outcome hangs on "now": slots and availability from today, the booking rules'
 * notice and horizon, horário fixo's months and charge dates, the lifecycle's holds, 24-hour
 * cancellation and waitlist (the model-based runs shortened: the instants test the dates, the
 * full runs stay in the unit stage), and search's horizon and daylight-saving days. Pure date code
 * (common/time, slots.test) pins its own instants and runs once, in the unit stage.
 */
export const dateSuites = [
  'server/features/availability/availability.test.ts',
  'server/features/booking-rules/*.test.ts',
  'server/features/series/*.test.ts',
  'server/features/lifecycle/lifecycle.test.ts',
  'server/features/lifecycle/lifecycle.model.test.ts',
  'server/features/search/*.test.ts',
];

const { include: _all, ...shared } = base.test ?? {};

export default defineConfig({
  resolve: base.resolve,
  test: {
    ...shared,
    projects: Object.entries(hardInstants).map(([name, at]) => ({
      resolve: base.resolve,
      test: { ...shared, name, include: dateSuites, env: { TEST_NOW: at, LIFECYCLE_RUNS: '3' } },
    })),
  },
});
