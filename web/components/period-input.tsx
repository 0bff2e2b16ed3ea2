import { useState } from 'react';
import { DatePickerInput } from '#web/components/date-inputs.ts';

export type Period = [string, string];

/**
 * A date range (dd/mm/aaaa), one day allowed. The picker is controlled, so the half-picked range
 * is kept here and only a whole one reaches `onChange`.
 */
export function PeriodInput({
  value,
  onChange,
  label = 'Período',
  w = { base: '100%', sm: 260 },
}: {
  value: Period;
  onChange(period: Period): void;
  label?: string;
  w?: number | Record<string, number | string>;
}) {
  const [draft, setDraft] = useState<[string | null, string | null]>(value);
  return (
    <DatePickerInput
      type="range"
      allowSingleDateInRange
      label={label}
      value={draft}
      onChange={(v) => {
        const next: [string | null, string | null] = [
          v[0] ? String(v[0]).slice(0, 10) : null,
          v[1] ? String(v[1]).slice(0, 10) : null,
        ];
        setDraft(next);
        if (next[0] && next[1]) onChange([next[0], next[1]]);
      }}
      valueFormat="DD/MM/YYYY"
      w={w}
    />
  );
}
