import { describe, expect, it } from 'vitest';
import { planBody } from './admin.ts';
import { clinicRulesBody, roomRulesBody } from './booking-rules.ts';

const rules = {
  slot_minutes: 60,
  min_booking_minutes: 60,
  buffer_minutes: 15,
  max_days_ahead: 90,
  min_notice_minutes: 60,
};

describe('numbers typed in forms', () => {
  it('a plan without fee or commission is refused, not saved as zero', () => {
    for (const missing of [null, '']) {
      const r = planBody.safeParse({
        name: 'Plano',
        commission_percent: missing,
        monthly_fee_cents: missing,
      });
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => i.message)).toEqual([
        'Informe a comissão.',
        'Informe a mensalidade.',
      ]);
    }
    expect(
      planBody.parse({ name: 'Plano', commission_percent: '12.5', monthly_fee_cents: '0' }),
    ).toMatchObject({
      commission_percent: 12.5,
      monthly_fee_cents: 0,
    });
  });

  it("a clinic's cleaning time sent as null or empty is refused, not saved as zero", () => {
    for (const missing of [null, ''])
      expect(clinicRulesBody.safeParse({ ...rules, buffer_minutes: missing }).success).toBe(false);
    expect(clinicRulesBody.parse({ ...rules, buffer_minutes: '0' }).buffer_minutes).toBe(0);
  });

  it("a room's rule set to null still means the clinic's, and empty is refused", () => {
    expect(roomRulesBody.parse({ ...rules, buffer_minutes: null }).buffer_minutes).toBeNull();
    expect(roomRulesBody.safeParse({ ...rules, buffer_minutes: '' }).success).toBe(false);
  });
});
