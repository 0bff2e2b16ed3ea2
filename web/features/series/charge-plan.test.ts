import { describe, expect, it } from 'vitest';
import { chargePlan } from './charge-plan.ts';

const month = (m: string, amount: number, chargeAt: string) => ({
  month: m,
  weeks: amount / 6500,
  amount_cents: amount,
  charge_at: chargeAt,
});

describe('what a horário fixo charges today (issue 31)', () => {
  it('counts a later month whose charge date has passed as charged today, after the first', () => {
    // Made on 26/11 at 15:00 from 29/11: December's date (26/11 08:00) has passed.
    const plan = chargePlan([
      month('2026-11', 6500, '2026-11-26T15:00:00-03:00'),
      month('2026-12', 26000, '2026-11-26T15:00:00-03:00'),
      month('2027-01', 26000, '2026-12-27T08:00:00-03:00'),
    ]);
    expect(plan.todayCents).toBe(32500);
    expect(plan.dueToday.map((m) => m.month)).toEqual(['2026-12']);
  });

  it('charges only the first month today when the next ones have their date ahead', () => {
    const plan = chargePlan([
      month('2026-11', 13000, '2026-11-11T10:00:00-03:00'),
      month('2026-12', 26000, '2026-11-26T08:00:00-03:00'),
    ]);
    expect(plan.todayCents).toBe(13000);
    expect(plan.dueToday).toEqual([]);
  });
});
