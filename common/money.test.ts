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
});
