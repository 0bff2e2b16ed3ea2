import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type LoginBody, loginBody } from '#common/contracts/auth';
import { AuthCard } from '#web/app/layouts/auth-layout.tsx';
import { ApiError } from '#web/lib/api.ts';
import { zodValidate } from '#web/lib/forms.ts';
import { notifyError } from '#web/lib/notify.ts';
import { safeRedirect } from '#web/lib/safe-redirect.ts';
import { useLoginTwoFactor } from '../api/account.ts';
import { BookingKeptNote } from '../components/booking-kept-note.tsx';
import { text } from '../messages.ts';

/** SPEC §8: Status false -> the suspension message; otherwise the server's message. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError)
    return error.suspended ? text.suspended : error.message || text.invalidCredentials;
  return text.invalidCredentials;
}

export function SignInPage() {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const navigate = useNavigate();
  const login = useLoginTwoFactor();
  const form = useForm<LoginBody>({
    initialValues: { email: '', password: '' },
    validate: zodValidate(loginBody),
  });

  const submit = form.onSubmit((values) =>
    login.mutate(values, {
      onSuccess: ({ email }) => {
        const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
        navigate(`/two-factors/${encodeURIComponent(email)}${query}`);
      },
      onError: (error) => notifyError(text.errorTitle, loginErrorMessage(error)),
    }),
  );

  return (
    <AuthCard title={text.signin.title} subtitle={text.signin.subtitle}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <BookingKeptNote redirect={redirect} />
          <TextInput
            label={text.signin.email}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={text.signin.password}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              {text.signin.forgot}
            </Anchor>
          </Group>
          <Button type="submit" loading={login.isPending} fullWidth>
            {text.signin.submit}
          </Button>
          <Text size="sm" ta="center">
            {text.signin.noAccount}{' '}
            <Anchor
              component={Link}
              to={redirect ? `/signup?redirect=${encodeURIComponent(redirect)}` : '/signup'}
              underline="always"
            >
              {text.signin.signup}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
