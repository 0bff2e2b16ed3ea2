import { describe, expect, it } from 'vitest';
import type { HourRange } from '#common/contracts/supply';
import { zonedInstant } from '#common/time/zone';
import { slotsFor } from './slots.ts';

const tz = 'America/Sao_Paulo';
const past = new Date('2026-01-01T00:00:00Z');
const weekdays = (opens_at: string, closes_at: string): HourRange[] =>
  [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens_at, closes_at }));
const base = {
  timezone: tz,
  roomHours: [],
  clinicHours: weekdays('08:00', '12:00'),
  blocks: [],
  taken: new Set<number>(),
  now: past,
};
const times = (slots: { date_time: string }[]) => slots.map((s) => s.date_time.slice(11, 16));

describe('slotsFor (availability)', () => {
  it("gives whole hours inside the clinic's opening hours, in the clinic's zone", () => {
    const slots = slotsFor({ ...base, date: '2026-12-01' }); // a Tuesday
    expect(times(slots)).toEqual(['08:00', '09:00', '10:00', '11:00']);
    expect(slots[0]!.date_time).toBe('2026-12-01T08:00:00-03:00');
    expect(slots.every((s) => s.available)).toBe(true);
  });

  it('uses the room hours over the clinic hours, and none on a closed day', () => {
    const roomHours = [{ weekday: 2, opens_at: '18:30', closes_at: '21:00' }];
    expect(times(slotsFor({ ...base, date: '2026-12-01', roomHours }))).toEqual(['19:00', '20:00']);
    expect(slotsFor({ ...base, date: '2026-12-06' })).toEqual([]); // Sunday
  });

  it('reads 00:00–23:59 as the whole day', () => {
    const clinicHours = [{ weekday: 2, opens_at: '00:00', closes_at: '23:59' }];
    const slots = slotsFor({ ...base, date: '2026-12-01', clinicHours });
    expect(slots).toHaveLength(24);
    expect(times(slots).at(-1)).toBe('23:00');
  });

  it('joins split ranges of one day', () => {
    const clinicHours = [
      { weekday: 2, opens_at: '08:00', closes_at: '10:00' },
      { weekday: 2, opens_at: '14:00', closes_at: '16:00' },
    ];
    expect(times(slotsFor({ ...base, date: '2026-12-01', clinicHours }))).toEqual([
      '08:00',
      '09:00',
      '14:00',
      '15:00',
    ]);
  });

  it('marks blocked, taken and past slots unavailable', () => {
    const blocks = [
      { startsAt: zonedInstant('2026-12-01', '09:30', tz), endsAt: zonedInstant('2026-12-01', '10:15', tz) },
    ];
    const taken = new Set([zonedInstant('2026-12-01', '11:00', tz).getTime()]);
    const now = zonedInstant('2026-12-01', '08:10', tz);
    const slots = slotsFor({ ...base, date: '2026-12-01', blocks, taken, now });
    expect(slots.map((s) => s.available)).toEqual([false, false, false, false]);
    const later = slotsFor({ ...base, date: '2026-12-01', blocks, taken });
    expect(later.map((s) => s.available)).toEqual([true, false, false, false]);
  });

  it('skips an hour that a daylight-saving jump removes', () => {
    // Lisbon springs forward on 2026-03-29 at 01:00 -> 02:00.
    const clinicHours = [{ weekday: 0, opens_at: '00:00', closes_at: '03:00' }];
    const slots = slotsFor({ ...base, timezone: 'Europe/Lisbon', date: '2026-03-29', clinicHours });
    expect(times(slots)).toEqual(['00:00', '02:00']);
  });
});
