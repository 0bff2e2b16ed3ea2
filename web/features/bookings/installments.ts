/**
 * The installments ("parcelas") offered in the booking modal: computed here for the sandbox, or read
 * from Mercado Pago's own answer (`payer_costs`), whose `recommended_message` carries the total with
 * the issuer's interest.
 */
import { formatBrl } from '#web/lib/format.ts';
import { text } from './messages.ts';

export interface InstallmentOption {
  /** How many installments; 1 = à vista. */
  value: number;
  label: string;
}

/**
 * 1..max: up to `interestFree` the value of each installment "sem juros"; beyond it, only that the
 * issuer adds its interest (the site does not know the rate, so it invents none).
 */
export function localInstallments(
  totalCents: number,
  max: number,
  interestFree: number,
): InstallmentOption[] {
  const options: InstallmentOption[] = [];
  for (let n = 1; n <= Math.max(1, max); n++) {
    const each = formatBrl(Math.round(totalCents / n));
    options.push({
      value: n,
      label:
        n <= Math.max(1, interestFree)
          ? text.installments.interestFree(n, each)
          : text.installments.withInterest(n),
    });
  }
  return options;
}

/** One option of Mercado Pago's `getInstallments` answer. */
export interface PayerCost {
  installments: number;
  recommended_message?: string;
  total_amount?: number;
}

/** Mercado Pago's options, cut at the platform's maximum; an empty answer falls back to `fallback`. */
export function providerInstallments(
  payerCosts: readonly PayerCost[] | undefined,
  max: number,
  fallback: InstallmentOption[],
): InstallmentOption[] {
  const options = (payerCosts ?? [])
    .filter((c) => c.installments >= 1 && c.installments <= max)
    .map((c) => ({
      value: c.installments,
      label: c.recommended_message || text.installments.withInterest(c.installments),
    }));
  return options.length > 0 ? options : fallback;
}
