import { describe, expect, it } from 'vitest';
import { parseBrazilianDate } from './dates.ts';

describe('parseBrazilianDate', () => {
  it('reads day first', () => {
    expect(parseBrazilianDate('12/04/1988')).toBe('1988-04-12');
    expect(parseBrazilianDate('1/2/2026')).toBe('2026-02-01');
  });

  it('refuses impossible dates and other formats', () => {
    expect(parseBrazilianDate('31/02/2026')).toBeNull();
    expect(parseBrazilianDate('2026-02-01')).toBeNull();
    expect(parseBrazilianDate('')).toBeNull();
  });
});
