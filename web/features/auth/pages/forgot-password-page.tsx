import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { type EmailOnlyBody, emailOnlyBody } from '#common/contracts/auth';
import { AuthCard } from '#web/app/layouts/auth-layout.tsx';
import { ApiError } from '#web/lib/api.ts';
import { zodValidate } from '#web/lib/forms.ts';
import { notifyError } from '#web/lib/notify.ts';
import { useForgotPassword } from '../api/account.ts';
import { text } from '../messages.ts';

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const form = useForm<EmailOnlyBody>({ initialValues: { email: '' }, validate: zodValidate(emailOnlyBody) });
  const submit = form.onSubmit(({ email }) =>
    forgot.mutate(email, {
      onError: (err) =>
        notifyError(
          text.errorTitle,
          err instanceof ApiError && err.status === 429 ? text.throttled : (err as Error).message,
        ),
    }),
  );
  return (
    <AuthCard title={text.forgot.title} subtitle={text.forgot.subtitle}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {forgot.isSuccess && (
            <Alert color="green" role="status">
              {forgot.data.data.message}
            </Alert>
          )}
          <TextInput
            label={text.forgot.email}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <Button type="submit" loading={forgot.isPending} fullWidth>
            {text.forgot.submit}
          </Button>
          <Anchor component={Link} to="/signin" size="sm" ta="center">
            {text.forgot.back}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
