/**
 * A 24-hour time field (HH:mm) that does not follow the browser's locale, unlike the native time
 * input ("07:00 AM" on an English system): type "0730" or pick from the half-hour list.
 */
import { Autocomplete, type AutocompleteProps } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { completeTime, maskTime, timeSteps } from '#common/br/masks';

type Props = Omit<AutocompleteProps, 'data' | 'value' | 'onChange' | 'defaultValue'> & {
  value: string;
  onChange(value: string): void;
  /** Minutes between the listed times. @default 30 */
  step?: number;
};

export function TimeField({ value, onChange, step = 30, onBlur, ...props }: Props) {
  const data = useMemo(() => timeSteps(step), [step]);
  const [opened, setOpened] = useState(false);
  return (
    <Autocomplete
      inputMode="numeric"
      placeholder="hh:mm"
      maxLength={5}
      autoComplete="off"
      leftSection={<IconClock size={14} aria-hidden="true" />}
      leftSectionPointerEvents="none"
      maxDropdownHeight={220}
      {...props}
      data={data}
      value={value}
      dropdownOpened={opened}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      onOptionSubmit={() => setOpened(false)}
      onChange={(typed) => {
        const next = data.includes(typed) ? typed : maskTime(typed);
        onChange(next);
        // A whole time typed: nothing left to pick.
        setOpened(next.length < 5);
      }}
      onBlur={(e) => {
        setOpened(false);
        const whole = completeTime(value);
        if (whole && whole !== value) onChange(whole);
        onBlur?.(e);
      }}
    />
  );
}
