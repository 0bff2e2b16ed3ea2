import { CloseButton, Input, InputBase } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { loadOnIntent } from '#web/lib/load-on-intent.ts';

export type SearchDateProps = {
  /** yyyy-mm-dd or null. */
  value: string | null;
  onChange(value: string | null): void;
  mobile: boolean;
};

const usePicker = loadOnIntent(() => import('./search-date-picker.tsx'));

const shortDate = (iso: string) => iso.split('-').reverse().join('/');
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', {
    day: '2-digit',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));

/**
 * The header's "Quando?" field. The calendar (with its date library) is a fair share of a first
 * visit's JavaScript and most visitors never open it, so the header shows a stand-in that looks
 * the same and loads the real picker on the first hover, focus or touch.
 */
export function SearchDateField(props: SearchDateProps) {
  const { module: picker, intent, handlers } = usePicker();
  if (picker) return <picker.SearchDatePicker {...props} intent={intent} />;
  const { value, onChange, mobile } = props;
  return (
    <InputBase
      component="button"
      type="button"
      pointer
      aria-label="Quando?"
      leftSection={<IconCalendar size={16} aria-hidden="true" />}
      rightSection={
        value ? <CloseButton aria-label="Limpar data da busca" onClick={() => onChange(null)} /> : null
      }
      rightSectionPointerEvents={value ? 'all' : 'none'}
      style={mobile ? undefined : { width: 170 }}
      {...handlers}
    >
      {value ? mobile ? longDate(value) : shortDate(value) : <Input.Placeholder>Data</Input.Placeholder>}
    </InputBase>
  );
}
