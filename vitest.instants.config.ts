/**
 * The date-sensitive suites at the instants that break naive date code (issue 26: tests that pass
 * whatever the date). Each instant is a project with its own TEST_NOW (server/test/now.ts), so one
 * run spreads every file × instant over the workers. `npm run test:instants`; another instant:
 * `TEST_NOW=2027-02-28T23:30:00-03:00 npx vitest run <files>`.
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * The suites whose outcome hangs on "now", at every instant: slots and availability from today,
 * the booking rules' notice and horizon, horário fixo's months and charge dates, the lifecycle's
 * holds, 24-hour cancellation and waitlist offers.
 */
const everywhere = [
  'server/features/availability/availability.test.ts',
  'server/features/booking-rules/*.test.ts',
  'server/features/series/*.test.ts',
  'server/features/lifecycle/lifecycle.test.ts',
];
/** The model-based lifecycle runs (shortened: the instants test dates, not more random sequences). */
const model = 'server/features/lifecycle/lifecycle.model.test.ts';
/**
 * Days on each clinic's clock (issue 42): a Manaus room's 23:30 on a month's, the year's or a leap
 * February's last day, where São Paulo's clock is already in the next month.
 */
const clinicDays = 'server/features/bookings/clinic-days.test.ts';
/** Search over the whole demo market: its horizon and the daylight-saving days it settles. */
const search = 'server/features/search/search.test.ts';

/**
 * The instants that break naive date code, each with the suites it runs (the costly ones where
 * they bite: search on a month end and on New York's change of clocks, the model on month ends,
 * a clinic's days on the month's, the year's and February's last day).
 * Pure date code (common/time, slots.test) pins its own instants and runs once, in the unit stage.
 */
export const hardInstants = [
  { name: 'fim-de-mes-23h30', at: '2026-11-30T23:30:00-03:00', also: [model, search, clinicDays] },
  { name: 'reveillon-23h30', at: '2026-12-31T23:30:00-03:00', also: [clinicDays] },
  { name: 'bissexto-29-02', at: '2028-02-29T10:00:00-03:00', also: [model, clinicDays] },
  { name: 'domingo', at: '2026-11-29T08:00:00-03:00', also: [] },
  { name: 'horario-de-verao-nova-york', at: '2027-03-14T01:30:00-05:00', also: [search] },
];

/** The base settings every project shares (each names its own files). */
export const { include: unitFiles, ...shared } = base.test ?? {};

/** One vitest project per instant; `env` adds to each (the PGlite run clears TEST_DATABASE_URL). */
export const instantProjects = (env: Record<string, string> = {}) =>
  hardInstants.map(({ name, at, also }) => ({
    resolve: base.resolve,
    test: {
      ...shared,
      name,
      include: [...everywhere, ...also],
      env: { TEST_NOW: at, LIFECYCLE_RUNS: '2', ...env },
    },
  }));

export default defineConfig({
  resolve: base.resolve,
  test: {
    ...shared,
    // PGlite keeps a process at ~1.4 cores: two files at once still gain on two cores.
    maxWorkers: 2,
    projects: instantProjects(),
  },
});
