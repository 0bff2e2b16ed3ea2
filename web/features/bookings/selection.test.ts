import { describe, expect, it } from 'vitest';
import { defaultBookingRules } from '#common/domain/booking-rules';
import {
  longDayLabel,
  pickedDays,
  shortDayLabel,
  withMinimum,
  withoutFreeCancellation,
} from './selection.ts';

describe('pickedDays', () => {
  it('groups the slots by day and joins consecutive hours into ranges', () => {
    expect(
      pickedDays([
        '2026-12-16T14:00:00-03:00',
        '2026-12-15T09:00:00-03:00',
        '2026-12-15T10:00:00-03:00',
        '2026-12-15T13:00:00-03:00',
        '2026-12-15T09:00:00-03:00',
      ]),
    ).toEqual([
      { date: '2026-12-15', starts: ['09:00', '10:00', '13:00'], ranges: ['09:00–11:00', '13:00–14:00'] },
      { date: '2026-12-16', starts: ['14:00'], ranges: ['14:00–15:00'] },
    ]);
  });

  it('ends the last hour of the day at midnight', () => {
    expect(pickedDays(['2026-12-15T22:00:00-03:00', '2026-12-15T23:00:00-03:00'])[0]?.ranges).toEqual([
      '22:00–00:00',
    ]);
  });

  it('answers nothing for no slots', () => {
    expect(pickedDays([])).toEqual([]);
  });
});

describe('day labels', () => {
  it('names the day in Portuguese whatever the browser zone', () => {
    expect(shortDayLabel('2026-12-15')).toBe('Ter., 15/12');
    expect(longDayLabel('2026-12-15')).toBe('Terça-feira, 15 de dezembro');
  });
});

describe('withoutFreeCancellation', () => {
  it('lists the slots that start in less than 24 hours', () => {
    const now = new Date('2026-12-15T10:00:00-03:00');
    expect(
      withoutFreeCancellation(
        ['2026-12-16T11:00:00-03:00', '2026-12-16T09:00:00-03:00', '2026-12-16T10:00:00-03:00'],
        now,
      ),
    ).toEqual(['2026-12-16T09:00:00-03:00']);
  });
});

describe('withMinimum (a room with a minimum stretch)', () => {
  const day = (times: string[], taken: string[] = []) =>
    times.map((hhmm) => ({ date_time: `2026-12-16T${hhmm}:00-03:00`, available: !taken.includes(hhmm) }));
  const at = (hhmm: string) => `2026-12-16T${hhmm}:00-03:00`;
  const rules = { ...defaultBookingRules, slot_minutes: 30, min_booking_minutes: 120 };
  const halves = ['08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30'];
  const times = (list: string[]) => list.map((iso) => iso.slice(11, 16)).sort();

  it('picks the free slots after the one picked, up to the minimum', () => {
    expect(times(withMinimum([at('08:30')], at('08:30'), day(halves), rules))).toEqual([
      '08:30',
      '09:00',
      '09:30',
      '10:00',
    ]);
  });

  it('reaches back when the day ends or a taken slot comes first', () => {
    expect(times(withMinimum([at('11:00')], at('11:00'), day(halves), rules))).toEqual([
      '10:00',
      '10:30',
      '11:00',
      '11:30',
    ]);
    expect(times(withMinimum([at('09:00')], at('09:00'), day(halves, ['10:00']), rules))).toEqual([
      '08:00',
      '08:30',
      '09:00',
      '09:30',
    ]);
  });

  it('leaves the pick as it is without a minimum, or with no room for one', () => {
    const plain = { ...defaultBookingRules, slot_minutes: 30 };
    expect(withMinimum([at('08:30')], at('08:30'), day(halves), plain)).toEqual([at('08:30')]);
    expect(times(withMinimum([at('08:00')], at('08:00'), day(['08:00', '08:30']), rules))).toEqual([
      '08:00',
      '08:30',
    ]);
  });
});
