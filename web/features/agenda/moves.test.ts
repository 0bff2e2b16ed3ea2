import { describe, expect, it } from 'vitest';
import { partnerMoves } from './moves.ts';

const at = (date_time: string, status: string) => ({ date_time, status });
const now = new Date('2026-11-30T12:30:00-03:00');

describe('partnerMoves', () => {
  it('offers only the cancellation before the start', () => {
    expect(partnerMoves(at('2026-12-01T10:00:00-03:00', 'confirmed'), now)).toEqual(['canceled']);
  });

  it('offers completed and no-show once the hour has started, and cancel until it ends', () => {
    expect(partnerMoves(at('2026-11-30T12:00:00-03:00', 'confirmed'), now).sort()).toEqual(
      ['canceled', 'completed', 'no_show'].sort(),
    );
    expect(partnerMoves(at('2026-11-30T09:00:00-03:00', 'confirmed'), now).sort()).toEqual(
      ['completed', 'no_show'].sort(),
    );
  });

  it('lets an unpaid booking be canceled, and nothing move once closed', () => {
    expect(partnerMoves(at('2026-12-01T10:00:00-03:00', 'pending_payment'), now)).toEqual(['canceled']);
    for (const status of ['canceled', 'completed', 'no_show', 'expired'])
      expect(partnerMoves(at('2026-12-01T10:00:00-03:00', status), now)).toEqual([]);
  });
});
