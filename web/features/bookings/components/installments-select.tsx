import { Select } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { usePublicConfig } from '#web/lib/public-config.ts';
import { localInstallments, providerInstallments } from '../installments.ts';
import type { MercadoPagoInstance } from '../mercadopago/sdk.ts';
import { useProviderInstallments } from '../mercadopago/use-mercadopago.ts';
import { text } from '../messages.ts';

interface Props {
  totalCents: number;
  value: number;
  onChange(installments: number): void;
  /** With Mercado Pago: its instance and the card's first digits, for the issuer's own options. */
  mp?: MercadoPagoInstance;
  bin?: string | null;
}

/** "Parcelas": 1..maxInstallments, each with the value per installment (or the issuer's total). */
export function InstallmentsSelect({ totalCents, value, onChange, mp, bin = null }: Props) {
  const config = usePublicConfig();
  const max = config?.maxInstallments ?? 1;
  const interestFree = config?.interestFreeInstallments ?? 1;
  const provider = useProviderInstallments(mp, totalCents, bin);
  const options = useMemo(() => {
    const local = localInstallments(totalCents, max, interestFree);
    return provider.data ? providerInstallments(provider.data, max, local) : local;
  }, [provider.data, totalCents, max, interestFree]);
  // A choice the card no longer offers goes back to à vista.
  useEffect(() => {
    if (!options.some((o) => o.value === value)) onChange(1);
  }, [options, value, onChange]);
  if (max <= 1) return null;
  return (
    <Select
      label={text.installments.label}
      data={options.map((o) => ({ value: String(o.value), label: o.label }))}
      value={String(value)}
      onChange={(v) => onChange(Number(v ?? 1))}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
