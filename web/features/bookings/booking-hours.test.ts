import { describe, expect, it } from 'vitest';
import type { MyBookingHour } from '#common/contracts/booking';
import { cancelOutcome, daysOf, shortDate, shownHours } from './booking-hours.ts';

const hour = (start: string, end: string, extra: Partial<MyBookingHour> = {}): MyBookingHour => ({
  uuid: crypto.randomUUID(),
  date_time: start,
  ends_at: end,
  status: 'confirmed',
  price_cents: 6500,
  refund_cents: 0,
  cancelable: true,
  refundable: true,
  ...extra,
});

describe("a booking's hours as people read them", () => {
  it('joins consecutive hours per day and keeps the days apart, in order', () => {
    const days = daysOf([
      hour('2026-12-09T10:00:00-03:00', '2026-12-09T11:00:00-03:00'),
      hour('2026-12-02T14:00:00-03:00', '2026-12-02T15:00:00-03:00'),
      hour('2026-12-02T15:00:00-03:00', '2026-12-02T16:00:00-03:00'),
      hour('2026-12-02T18:00:00-03:00', '2026-12-02T18:30:00-03:00'),
      hour('2026-12-09T09:00:00-03:00', '2026-12-09T10:00:00-03:00'),
    ]);
    expect(days).toEqual([
      { date: '2026-12-02', ranges: ['14:00–16:00', '18:00–18:30'] },
      { date: '2026-12-09', ranges: ['09:00–11:00'] },
    ]);
    expect(shortDate('2026-12-02')).toBe('02/12/26');
  });

  it('shows the hours still standing, or all of them once none is', () => {
    const a = hour('2026-12-02T14:00:00-03:00', '2026-12-02T15:00:00-03:00', { status: 'canceled' });
    const b = hour('2026-12-02T15:00:00-03:00', '2026-12-02T16:00:00-03:00');
    expect(shownHours([a, b])).toEqual([b]);
    expect(shownHours([a])).toEqual([a]);
  });

  it('says what canceling gives back: the refundable hours, nothing for an unpaid booking', () => {
    const hours = [
      hour('2026-12-02T14:00:00-03:00', '2026-12-02T15:00:00-03:00', { refundable: false }),
      hour('2026-12-03T14:00:00-03:00', '2026-12-03T15:00:00-03:00'),
      hour('2026-12-01T14:00:00-03:00', '2026-12-01T15:00:00-03:00', { cancelable: false }),
    ];
    expect(cancelOutcome(hours, false)).toMatchObject({ late: 1, refundCents: 6500 });
    expect(cancelOutcome(hours, false).going).toHaveLength(2);
    expect(cancelOutcome(hours, true)).toMatchObject({ late: 0, refundCents: 0 });
  });
});
