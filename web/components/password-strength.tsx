/**
 * A new-password field with a strength meter (DESIGN §8 "Accounts", docs/decisions/0013). The check is
 * the server's own (common/domain/password-strength.ts); its dictionaries are large, so it is loaded
 * with import() when a password field appears, never with the app's main bundle.
 */
import { Box, Group, List, PasswordInput, type PasswordInputProps, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { PasswordScore } from '#common/domain/password-policy';

type Checker = typeof import('#common/domain/password-strength');
type PasswordCheck = ReturnType<Checker['checkPassword']>;
/** The person's own data (name, e-mail): a password built on them is weak. */
export type PasswordUserInputs = readonly (string | null | undefined)[];

const text = {
  meter: 'Força da senha',
  levels: ['Muito fraca', 'Fraca', 'Razoável', 'Boa', 'Forte'],
  hint: 'Pelo menos 8 caracteres. Uma frase com palavras pouco comuns é fácil de lembrar e difícil de adivinhar.',
} as const;
const colors = ['red.7', 'orange.6', 'yellow.5', 'teal.6', 'green.7'] as const;

let loading: Promise<Checker> | undefined;

/** The strength checker, loaded once (a failed load is tried again next time). */
export function loadPasswordChecker(): Promise<Checker> {
  loading ??= import('#common/domain/password-strength').catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

/**
 * Why `password` may not be sent — the same message the server would answer — or null. Null too
 * when the checker cannot be loaded: the server checks again anyway.
 */
export async function passwordProblem(
  password: string,
  userInputs: PasswordUserInputs,
): Promise<string | null> {
  try {
    return (await loadPasswordChecker()).checkPassword(password, userInputs).message;
  } catch {
    return null;
  }
}

/**
 * A form's submit handler that sends only a strong `password`: a weak one gets the server's message
 * beside the field, also when another field is wrong at the same time.
 */
export function submitWithStrongPassword<T extends { password: string }>(
  form: UseFormReturnType<T>,
  userInputs: (values: T) => PasswordUserInputs,
  send: (values: T) => void,
) {
  const flagWeak = async (values: T) => {
    const weak = await passwordProblem(values.password, userInputs(values));
    if (weak) form.setFieldError('password', weak);
    return weak;
  };
  return form.onSubmit(
    async (values) => {
      if (!(await flagWeak(values))) send(values);
    },
    (errors, values) => {
      if (!errors.password) void flagWeak(values);
    },
  );
}

function usePasswordCheck(password: string, userInputs: PasswordUserInputs): PasswordCheck | null {
  const [checker, setChecker] = useState<Checker | null>(null);
  useEffect(() => {
    let live = true;
    loadPasswordChecker().then(
      (loaded) => live && setChecker(loaded),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  const typed = useDeferredValue(password);
  const inputs = userInputs.filter(Boolean).join('\n');
  return useMemo(
    () => (checker && typed ? checker.checkPassword(typed, inputs.split('\n')) : null),
    [checker, typed, inputs],
  );
}

function StrengthMeter({ check }: { check: PasswordCheck }) {
  const score: PasswordScore = check.score;
  const label = text.levels[score];
  return (
    <Stack gap={4}>
      <Group
        gap={4}
        grow
        role="meter"
        aria-label={text.meter}
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={score}
        aria-valuetext={label}
      >
        {colors.map((color, step) => (
          <Box key={color} h={6} bg={step <= score ? colors[score] : 'gray.3'} style={{ borderRadius: 3 }} />
        ))}
      </Group>
      <div aria-live="polite">
        <Text size="sm">
          {text.meter}: <strong>{label}</strong>
        </Text>
        {!check.ok && (
          <List size="sm" c="dimmed" spacing={2}>
            {check.feedback.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        )}
      </div>
    </Stack>
  );
}

export interface PasswordStrengthFieldProps extends PasswordInputProps {
  value?: string;
  userInputs: PasswordUserInputs;
}

/**
 * Mantine's PasswordInput for a new password, with the meter and the reasons below it. Forms block
 * their submit with `passwordProblem()`, which gives the server's own message.
 */
export function PasswordStrengthField({ value = '', userInputs, ...input }: PasswordStrengthFieldProps) {
  const check = usePasswordCheck(value, userInputs);
  return (
    <Stack gap={6}>
      <PasswordInput description={text.hint} autoComplete="new-password" value={value} {...input} />
      {check && <StrengthMeter check={check} />}
    </Stack>
  );
}
