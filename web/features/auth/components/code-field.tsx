import { Center, PinInput, Stack, Text } from '@mantine/core';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  onComplete(value: string): void;
  error?: string;
  autoFocus?: boolean;
}

/** The 6-digit code of the sign-in and verification mails, with its error under it. */
export function CodeField({ id, label, value, onChange, onComplete, error, autoFocus }: Props) {
  return (
    <Stack gap="xs">
      <Text component="label" htmlFor={id} size="sm" fw={500}>
        {label}
      </Text>
      <Center>
        <PinInput
          id={id}
          length={6}
          type="number"
          oneTimeCode
          size="lg"
          value={value}
          onChange={onChange}
          onComplete={onComplete}
          error={Boolean(error)}
          aria-label={label}
          autoFocus={autoFocus}
        />
      </Center>
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

export const isCode = (value: string) => /^\d{6}$/.test(value);
export const CODE_LENGTH_MESSAGE = 'O código tem 6 dígitos.';
