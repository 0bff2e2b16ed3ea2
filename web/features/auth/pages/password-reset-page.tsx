import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type ResetPasswordBody, resetPasswordBody } from '#common/contracts/auth';
import { AuthCard } from '#web/app/layouts/auth-layout.tsx';
import { showServerErrors, zodValidate } from '#web/lib/forms.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useResetPassword } from '../api/account.ts';
import { text } from '../messages.ts';

export function PasswordResetPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const form = useForm<ResetPasswordBody>({
    initialValues: { email, token, password: '', password_confirmation: '' },
    validate: zodValidate(resetPasswordBody),
  });
  const submit = form.onSubmit((values) =>
    reset.mutate(values, {
      onSuccess: (res) => {
        notifySuccess(res.data.message);
        navigate('/signin', { replace: true });
      },
      onError: (err) => {
        showServerErrors(form, err);
        notifyError(text.errorTitle, text.resetFailed);
      },
    }),
  );
  return (
    <AuthCard title={text.reset.title} subtitle={text.reset.subtitle}>
      {!email || !token ? (
        <Stack>
          <Alert color="yellow">{text.reset.invalidLink}</Alert>
          <Anchor component={Link} to="/forgot-password">
            {text.forgot.title}
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <PasswordInput
              label={text.reset.password}
              description={text.signup.passwordHint}
              autoComplete="new-password"
              required
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label={text.reset.confirmation}
              autoComplete="new-password"
              required
              {...form.getInputProps('password_confirmation')}
            />
            {(form.errors.email || form.errors.token) && (
              <Alert color="red" role="alert">
                {text.resetFailed}
              </Alert>
            )}
            <Button type="submit" loading={reset.isPending} fullWidth>
              {text.reset.submit}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
