import { describe, expect, it } from 'vitest';
import { repeatDates, repeatMatches } from './repeat.ts';

const day = (date: string, hours: [string, boolean][]) => ({
  date,
  slots: hours.map(([h, available]) => ({ date_time: `${date}T${h}:00-03:00`, available })),
});

describe('repeat weekly', () => {
  const chosen = ['2026-11-30T09:00:00-03:00', '2026-11-30T10:00:00-03:00'];

  it('checks the same weekday of the next weeks', () => {
    expect(repeatDates(chosen, 3)).toEqual(['2026-12-07', '2026-12-14', '2026-12-21']);
  });

  it('adds the free repeats and reports the taken and closed ones', () => {
    const days = [
      day('2026-12-07', [
        ['08:00', true],
        ['09:00', true],
        ['10:00', true],
      ]),
      day('2026-12-14', [
        ['09:00', false],
        ['10:00', true],
      ]),
      day('2026-12-21', []),
    ];
    const r = repeatMatches(chosen, 3, days);
    expect(r.free).toEqual([
      '2026-12-07T09:00:00-03:00',
      '2026-12-07T10:00:00-03:00',
      '2026-12-14T10:00:00-03:00',
    ]);
    expect(r.unavailable).toEqual(['2026-12-14 09:00', '2026-12-21 09:00', '2026-12-21 10:00']);
  });

  it('matches by local time when the offset changes between weeks', () => {
    const days = [
      { date: '2026-12-07', slots: [{ date_time: '2026-12-07T09:00:00-02:00', available: true }] },
    ];
    expect(repeatMatches(['2026-11-30T09:00:00-03:00'], 1, days).free).toEqual(['2026-12-07T09:00:00-02:00']);
  });
});
