import { describe, expect, it } from 'vitest';
import { currentMonth, monthRange, shortDate } from './month.ts';

describe('statement months', () => {
  it('spans the whole month, leap Februaries included', () => {
    expect(monthRange('2026-07')).toEqual(['2026-07-01', '2026-07-31']);
    expect(monthRange('2028-02')).toEqual(['2028-02-01', '2028-02-29']);
    expect(monthRange('2026-02')).toEqual(['2026-02-01', '2026-02-28']);
  });

  it('takes the current month in São Paulo, not in UTC', () => {
    // 01:30 UTC on 1 August is still 31 July in São Paulo (UTC-3).
    expect(currentMonth(new Date('2026-08-01T01:30:00Z'))).toBe('2026-07');
  });

  it('takes it on the clock asked: 23:30 of the month’s last day in Manaus is still that month', () => {
    const at = new Date('2026-12-01T03:30:00Z');
    expect(currentMonth(at)).toBe('2026-12');
    expect(currentMonth(at, 'America/Manaus')).toBe('2026-11');
  });

  it('writes the wall-clock date of an ISO time', () => {
    expect(shortDate('2026-07-31T22:00:00-03:00')).toBe('31/07/26');
  });
});
