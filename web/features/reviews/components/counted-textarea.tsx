import { Text, Textarea, type TextareaProps } from '@mantine/core';
import { text } from '../messages.ts';

/** A text of at most `max` characters (the browser stops there) with "120/2.000" under it. */
export function CountedTextarea({
  value,
  onChange,
  max,
  ...props
}: Omit<TextareaProps, 'value' | 'onChange' | 'maxLength'> & {
  value: string;
  onChange(value: string): void;
  max: number;
}) {
  return (
    <div>
      <Textarea
        {...props}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        maxLength={max}
        autosize
      />
      <Text size="xs" c="dark.4" ta="right" mt={4}>
        {text.counter(value.length, max)}
      </Text>
    </div>
  );
}
