import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type RegisterBody, registerBody } from '#common/contracts/auth';
import { AuthCard } from '#web/app/layouts/auth-layout.tsx';
import { PasswordStrengthField, submitWithStrongPassword } from '#web/components/password-strength.tsx';
import { ApiError } from '#web/lib/api.ts';
import { showServerErrors, zodValidate } from '#web/lib/forms.ts';
import { notifyError } from '#web/lib/notify.ts';
import { loginTwoFactor, useRegister } from '../api/account.ts';
import { text } from '../messages.ts';

/** SPEC §4: after registration, an automatic sign-in attempt after 2000 ms. */
export const AUTO_LOGIN_DELAY_MS = 2000;

export function SignUpPage() {
  const navigate = useNavigate();
  const register = useRegister();
  const [created, setCreated] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const form = useForm<RegisterBody>({
    initialValues: { name: '', email: '', password: '', password_confirmation: '' },
    validate: zodValidate(registerBody),
  });

  const submit = submitWithStrongPassword(
    form,
    (values) => [values.name, values.email],
    (values) => {
      register.mutate(values, {
        onSuccess: (user) => {
          setCreated(true);
          timer.current = setTimeout(async () => {
            try {
              await loginTwoFactor({ email: user.email, password: values.password });
              navigate(
                `/two-factors/${encodeURIComponent(user.email)}?redirect=${encodeURIComponent('/verificacao')}`,
              );
            } catch {
              navigate('/signin');
            }
          }, AUTO_LOGIN_DELAY_MS);
        },
        onError: (error) => {
          showServerErrors(form, error);
          const fields = error instanceof ApiError ? error.fieldMessages : [];
          const message = fields.length
            ? [...fields, text.registerCheckFields].join(' ')
            : error instanceof ApiError
              ? error.message
              : text.registerCheckFields;
          notifyError(text.registerFailed, message);
        },
      });
    },
  );

  return (
    <AuthCard title={text.signup.title} subtitle={text.signup.subtitle}>
      {created ? (
        <Alert color="green" role="status">
          {text.signup.created}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={text.signup.name}
              autoComplete="name"
              required
              {...form.getInputProps('name')}
            />
            <TextInput
              label={text.signup.email}
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <PasswordStrengthField
              label={text.signup.password}
              required
              userInputs={[form.values.name, form.values.email]}
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label={text.signup.confirmation}
              autoComplete="new-password"
              required
              {...form.getInputProps('password_confirmation')}
            />
            <Text size="xs" c="dark.4" ta="center">
              Ao criar a conta você concorda com a nossa{' '}
              <Anchor component={Link} to="/privacidade" underline="always">
                Política de privacidade
              </Anchor>
              .
            </Text>
            <Button type="submit" loading={register.isPending} fullWidth>
              {text.signup.submit}
            </Button>
            <Text size="sm" ta="center">
              {text.signup.hasAccount}{' '}
              <Anchor component={Link} to="/signin" underline="always">
                {text.signup.signin}
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
