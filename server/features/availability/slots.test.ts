import { describe, expect, it } from 'vitest';
import type { HourRange } from '#common/contracts/supply';
import { type BookingRules, defaultBookingRules } from '#common/domain/booking-rules';
import { addDays, toZonedIso, zonedInstant } from '#common/time/zone';
import { type HeldRange, slotsFor, wallToInstant } from './slots.ts';

const tz = 'America/Sao_Paulo';
const past = new Date('2026-01-01T00:00:00Z');
const weekdays = (opens_at: string, closes_at: string): HourRange[] =>
  [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens_at, closes_at }));
const base = {
  timezone: tz,
  roomHours: [],
  clinicHours: weekdays('08:00', '12:00'),
  blocks: [],
  held: [] as HeldRange[],
  now: past,
};
/** An appointment of another booking on 2026-12-01 at `hhmm`, `minutes` long, with its buffer. */
const heldAt = (hhmm: string, minutes: number, buffer = 0): HeldRange => {
  const start = zonedInstant('2026-12-01', hhmm, tz).getTime();
  return { start, until: start + (minutes + buffer) * 60_000 };
};
const rules = (r: Partial<BookingRules>): BookingRules => ({ ...defaultBookingRules, ...r });
const freeTimes = (slots: { date_time: string; available: boolean }[]) =>
  slots.filter((s) => s.available).map((s) => s.date_time.slice(11, 16));
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
    const held = [heldAt('11:00', 60)];
    const now = zonedInstant('2026-12-01', '08:10', tz);
    const slots = slotsFor({ ...base, date: '2026-12-01', blocks, held, now });
    expect(slots.map((s) => s.available)).toEqual([false, false, false, false]);
    const later = slotsFor({ ...base, date: '2026-12-01', blocks, held });
    expect(later.map((s) => s.available)).toEqual([true, false, false, false]);
  });

  it('skips an hour that a daylight-saving jump removes', () => {
    // Lisbon springs forward on 2026-03-29 at 01:00 -> 02:00.
    const clinicHours = [{ weekday: 0, opens_at: '00:00', closes_at: '03:00' }];
    const slots = slotsFor({ ...base, timezone: 'Europe/Lisbon', date: '2026-03-29', clinicHours });
    expect(times(slots)).toEqual(['00:00', '02:00']);
  });
});

describe('wall-clock times of a day to instants', () => {
  it('matches the zone, time by time, on every day of a year in zones with and without jumps', () => {
    const zones = [
      'America/Sao_Paulo',
      'Europe/Lisbon',
      'America/New_York',
      'America/Santiago',
      'Australia/Lord_Howe',
    ];
    for (const zone of zones)
      for (let day = 0; day < 366; day++) {
        const date = addDays('2026-01-01', day);
        const place = wallToInstant(date, zone);
        for (let m = 0; m < 24 * 60; m += 30) {
          const wall = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
          const start = zonedInstant(date, wall, zone);
          const iso = toZonedIso(start, zone);
          const exists = iso.slice(0, 10) === date && iso.slice(11, 16) === wall;
          const placed = place(m, wall);
          if (!exists) expect(placed, `${zone} ${date} ${wall}`).toBeUndefined();
          else expect(placed, `${zone} ${date} ${wall}`).toEqual({ start, iso });
        }
      }
  });
});

describe("slotsFor under a room's booking rules (decision 0023)", () => {
  const day = { ...base, date: '2026-12-01' }; // 08:00–12:00

  it('starts slots every 30 minutes on a half-hour grid, also from a :30 opening', () => {
    const slots = slotsFor({ ...day, rules: rules({ slot_minutes: 30 }) });
    expect(times(slots)).toEqual(['08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
    const roomHours = [{ weekday: 2, opens_at: '08:30', closes_at: '10:00' }];
    expect(times(slotsFor({ ...day, roomHours, rules: rules({ slot_minutes: 30 }) }))).toEqual([
      '08:30',
      '09:00',
      '09:30',
    ]);
  });

  it('keeps a slot only inside a free stretch as long as the minimum', () => {
    // 10:00–10:30 held: 08:00–10:00 holds 2 h, 10:30–12:00 only 1 h 30.
    const held = [heldAt('10:00', 30)];
    const slots = slotsFor({ ...day, held, rules: rules({ slot_minutes: 30, min_booking_minutes: 120 }) });
    expect(freeTimes(slots)).toEqual(['08:00', '08:30', '09:00', '09:30']);
  });

  it("keeps the buffer after another booking and after one's own stretch", () => {
    // Another booking 09:00–10:00 with 15 minutes of cleaning after it: 10:00 is not free on a
    // half-hour grid, 10:30 is; and 08:30 would end where that booking starts, leaving no buffer.
    const held = [heldAt('09:00', 60, 15)];
    const slots = slotsFor({ ...day, held, rules: rules({ slot_minutes: 30, buffer_minutes: 15 }) });
    expect(freeTimes(slots)).toEqual(['08:00', '10:30', '11:00', '11:30']);
  });

  it('refuses slots sooner than the notice and further than the horizon', () => {
    const now = zonedInstant('2026-12-01', '07:30', tz);
    const notice = slotsFor({ ...day, now, rules: rules({ min_notice_minutes: 120 }) });
    expect(freeTimes(notice)).toEqual(['10:00', '11:00']);
    const farNow = zonedInstant('2026-11-20', '09:00', tz);
    const horizon = slotsFor({ ...day, now: farNow, rules: rules({ max_days_ahead: 11 }) });
    expect(freeTimes(horizon)).toEqual(['08:00', '09:00']);
  });
});
