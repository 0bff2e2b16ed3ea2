import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type RegisterBody, registerBody } from '#common/contracts/auth';
import { AuthCard } from '#web/app/layouts/auth-layout.tsx';
import { PasswordStrengthField, submitWithStrongPassword } from '#web/components/password-strength.tsx';
import { ApiError } from '#web/lib/api.ts';
import { showServerErrors, zodValidate } from '#web/lib/forms.ts';
import { notifyError } from '#web/lib/notify.ts';
import { safeRedirect } from '#web/lib/safe-redirect.ts';
import { useRegister } from '../api/account.ts';
import { BookingKeptNote } from '../components/booking-kept-note.tsx';
import { text } from '../messages.ts';

/**
 * /signup: registers, then straight to the e-mail code, which also signs in (one code, not two:
 * docs/decisions/0017). The `redirect` query (a room page with picked hours) travels along.
 */
export function SignUpPage() {
  const navigate = useNavigate();
  const register = useRegister();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
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
          const next = new URLSearchParams({ email: user.email });
          if (redirect) next.set('redirect', redirect);
          navigate(`/verificacao?${next.toString()}`, { replace: true });
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
      <form onSubmit={submit} noValidate>
        <Stack>
          <BookingKeptNote redirect={redirect} />
          <TextInput label={text.signup.name} autoComplete="name" required {...form.getInputProps('name')} />
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
            <Anchor
              component={Link}
              to={redirect ? `/signin?redirect=${encodeURIComponent(redirect)}` : '/signin'}
              underline="always"
            >
              {text.signup.signin}
            </Anchor>
          </Text>
          <Text size="sm" ta="center">
            {text.signupPartner.question}{' '}
            <Anchor component={Link} to="/anuncie" underline="always">
              {text.signupPartner.link}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
