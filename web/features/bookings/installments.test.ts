import { describe, expect, it } from 'vitest';
import { localInstallments, providerInstallments } from './installments.ts';

// Intl puts a no-break space between "R$" and the value.
const plain = (s: string) => s.replace(/\s/g, ' ');

describe('localInstallments (sandbox)', () => {
  it('offers 1..max, each with its value while interest-free, and no invented rate beyond', () => {
    const options = localInstallments(6500, 6, 3).map((o) => ({ ...o, label: plain(o.label) }));
    expect(options.map((o) => o.value)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(options[0]!.label).toBe('À vista: R$ 65,00');
    expect(options[1]!.label).toBe('2x de R$ 32,50 sem juros');
    expect(options[2]!.label).toBe('3x de R$ 21,67 sem juros');
    expect(options[3]!.label).toBe('4x com juros do emissor');
    expect(options[5]!.label).toBe('6x com juros do emissor');
  });

  it('offers only à vista when the platform allows one installment', () => {
    expect(localInstallments(12000, 1, 1).map((o) => plain(o.label))).toEqual(['À vista: R$ 120,00']);
  });
});

describe('providerInstallments (Mercado Pago)', () => {
  const local = localInstallments(6500, 6, 1);
  it("shows Mercado Pago's recommended_message, cut at the platform's maximum", () => {
    const payerCosts = [1, 2, 3, 6, 12].map((n) => ({
      installments: n,
      recommended_message: `${n} parcela(s) — total R$ ${(65 + n).toFixed(2)}`,
    }));
    const options = providerInstallments(payerCosts, 6, local);
    expect(options.map((o) => o.value)).toEqual([1, 2, 3, 6]);
    expect(options[3]!.label).toBe('6 parcela(s) — total R$ 71.00');
  });

  it('falls back to the local options when Mercado Pago offers none', () => {
    expect(providerInstallments([], 6, local)).toBe(local);
    expect(providerInstallments(undefined, 6, local)).toBe(local);
  });
});
