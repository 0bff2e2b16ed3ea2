import { describe, expect, it } from 'vitest';
import { longDayLabel, pickedDays, shortDayLabel, withoutFreeCancellation } from './selection.ts';

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
