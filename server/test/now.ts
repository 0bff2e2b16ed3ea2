/**
 * The instant every test starts from. Fixed, so that a test passes whatever day it runs; `TEST_NOW`
 * (an ISO instant with its offset, e.g. `2027-02-28T23:30:00-03:00`) moves it, and
 * `scripts/hard-instants.mjs` runs the date-sensitive suites at the instants that break naive code.
 */
const DEFAULT_TEST_NOW = '2026-11-11T10:00:00-03:00';

function parse(value: string): Date {
  const at = new Date(value);
  if (
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) ||
    Number.isNaN(at.getTime())
  )
    throw new Error(
      `TEST_NOW inválido: ${value} (use um instante ISO com fuso, ex.: 2027-02-28T23:30:00-03:00)`,
    );
  return at;
}

export const TEST_NOW: Date = parse(process.env.TEST_NOW || DEFAULT_TEST_NOW);

export interface TestClock {
  now: Date;
  advance(ms: number): void;
}

/** A clock that stands at TEST_NOW (or `start`) until a test moves it. */
export function testClock(start: Date = TEST_NOW): TestClock {
  const clock: TestClock = {
    now: new Date(start),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  return clock;
}

/** A clock that starts at TEST_NOW and then runs with real time (an outside service's own clock). */
export function runningTestClock(start: Date = TEST_NOW): () => Date {
  const origin = performance.now();
  return () => new Date(start.getTime() + Math.round(performance.now() - origin));
}
