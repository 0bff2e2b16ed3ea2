import { MonthPickerInput } from '#web/components/date-inputs.ts';

const monthName = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "julho de 2026", the name of the month of a "YYYY-MM-DD" date. */
export const monthLabel = (date: string) => monthName.format(new Date(`${date.slice(0, 7)}-01T12:00:00Z`));

/** A month ("julho de 2026"); `value` and `onChange` speak "YYYY-MM". */
export function MonthInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(month: string): void;
}) {
  return (
    <MonthPickerInput
      label={label}
      value={`${value}-01`}
      onChange={(v) => v && onChange(String(v).slice(0, 7))}
      valueFormat="MMMM [de] YYYY"
      getMonthControlProps={(date) => ({ 'aria-label': monthLabel(String(date)) })}
      allowDeselect={false}
      w={{ base: '100%', sm: 220 }}
    />
  );
}
