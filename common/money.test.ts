import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBrl, hourPriceCents, pricePerMinuteFromHourly } from './money.ts';

describe('money', () => {
  it('prices an hour from price_per_minute, rounding to whole centavos', () => {
    expect(hourPriceCents('1.0833')).toBe(6500);
    expect(hourPriceCents('0.75')).toBe(4500);
    expect(hourPriceCents(pricePerMinuteFromHourly(55))).toBe(5500);
    expect(pricePerMinuteFromHourly(65)).toBe('1.0833');
  });

  it('formats BRL the Brazilian way', () => {
    expect(formatBrl(6500).replace(/\s/g, ' ')).toBe('R$ 65,00');
    expect(formatBrl(123456).replace(/\s/g, ' ')).toBe('R$ 1.234,56');
  });

  it('writes every amount exactly as Intl does (the server and the browser draw the same text)', () => {
    const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    for (const cents of [0, -0, 5, 99, 100, -1234, 100_000, 123_456_789, -100_000_000]) {
      expect(formatBrl(cents)).toBe(intl.format(cents / 100));
    }
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        expect(formatBrl(cents)).toBe(intl.format(cents / 100));
      }),
      { numRuns: 2000 },
    );
  });
});
