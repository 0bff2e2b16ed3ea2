import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { DatePickerInput } from '#web/components/date-inputs.ts';
import type { Intent } from '#web/lib/load-on-intent.ts';
import type { SearchDateProps } from './search-date-field.tsx';

/**
 * The header's real date picker, loaded on the first hover, focus or touch of its stand-in
 * (search-date-field.tsx). `intent` says what the person had already done to the stand-in.
 */
export function SearchDatePicker({ value, onChange, mobile, intent }: SearchDateProps & { intent: Intent }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (intent) button.current?.focus();
    if (intent === 'open') button.current?.click();
  }, [intent]);
  return (
    <DatePickerInput
      ref={button}
      aria-label="Quando?"
      placeholder="Data"
      value={value}
      onChange={(v) => onChange(v ? String(v).slice(0, 10) : null)}
      valueFormat={mobile ? 'DD [de] MMMM [de] YYYY' : 'DD/MM/YYYY'}
      locale="pt-br"
      minDate={new Date()}
      clearable
      clearButtonProps={{ 'aria-label': 'Limpar data da busca' }}
      leftSection={<IconCalendar size={16} aria-hidden="true" />}
      style={mobile ? undefined : { width: 170 }}
      popoverProps={{ withinPortal: true }}
    />
  );
}
