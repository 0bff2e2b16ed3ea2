import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type ResetPasswordBody, resetPasswordBody } from '#common/contracts/auth';
import { AuthCard } from '#web/app/layouts/auth-layout.tsx';
import { PasswordStrengthField, submitWithStrongPassword } from '#web/components/password-strength.tsx';
import { ApiError } from '#web/lib/api.ts';
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
  const submit = submitWithStrongPassword(
    form,
    (values) => [values.email],
    (values) => {
      reset.mutate(values, {
        onSuccess: (res) => {
          notifySuccess(res.data.message);
          navigate('/signin', { replace: true });
        },
        onError: (err) => {
          showServerErrors(form, err);
          // A weak password is the person's to fix, not a bad link.
          const passwordError = err instanceof ApiError ? err.errors.password?.[0] : undefined;
          notifyError(text.errorTitle, passwordError ?? text.resetFailed);
        },
      });
    },
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
            <PasswordStrengthField
              label={text.reset.password}
              required
              userInputs={[email]}
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
