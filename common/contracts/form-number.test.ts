import { describe, expect, it } from 'vitest';
import { planBody } from './admin.ts';

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
});
