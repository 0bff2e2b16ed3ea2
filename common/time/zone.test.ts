import { describe, expect, it } from 'vitest';
import { addDays, toZonedIso, wallClock, weekdayOf, zonedDate, zonedInstant } from './zone.ts';

describe('time zones', () => {
  it('maps São Paulo wall clock to instants and back', () => {
    const instant = zonedInstant('2026-12-01', '09:00', 'America/Sao_Paulo');
    expect(instant.toISOString()).toBe('2026-12-01T12:00:00.000Z');
    expect(toZonedIso(instant, 'America/Sao_Paulo')).toBe('2026-12-01T09:00:00-03:00');
    expect(zonedDate(new Date('2026-12-02T02:30:00Z'), 'America/Sao_Paulo')).toBe('2026-12-01');
  });

  it('handles zones with daylight saving time and other offsets', () => {
    expect(zonedInstant('2026-07-01', '09:00', 'Europe/Lisbon').toISOString()).toBe(
      '2026-07-01T08:00:00.000Z',
    );
    expect(zonedInstant('2026-01-15', '09:00', 'America/Manaus').toISOString()).toBe(
      '2026-01-15T13:00:00.000Z',
    );
    expect(toZonedIso(new Date('2026-07-01T08:00:00Z'), 'Europe/Lisbon')).toBe('2026-07-01T09:00:00+01:00');
  });

  it('adds days across months and years and names weekdays from 0 = domingo', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekdayOf('2026-11-28')).toBe(6);
  });

  it('reads the same wall clock as ICU at every instant, across transitions of odd zones', () => {
    const zones = [
      'America/Sao_Paulo', // had summer time until 2019
      'America/New_York',
      'Europe/Lisbon',
      'Australia/Lord_Howe', // 30-minute summer time
      'Asia/Kathmandu', // +05:45
      'America/Noronha',
    ];
    const start = Date.UTC(2018, 0, 1);
    const end = Date.UTC(2019, 11, 31);
    for (const timeZone of zones) {
      const icu = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      });
      for (let ms = start; ms < end; ms += 37 * 60_000) {
        const at = new Date(ms);
        const parts = Object.fromEntries(icu.formatToParts(at).map((p) => [p.type, Number(p.value)]));
        const w = wallClock(at, timeZone);
        expect([w.year, w.month, w.day, w.hour, w.minute], `${timeZone} ${at.toISOString()}`).toEqual([
          parts.year,
          parts.month,
          parts.day,
          parts.hour,
          parts.minute,
        ]);
      }
    }
  });
});
