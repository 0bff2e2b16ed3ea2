import { Anchor, Button, Center, PinInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { AuthCard } from '#web/app/layouts/auth-layout.tsx';
import { notifyError } from '#web/lib/notify.ts';
import { safeRedirect } from '#web/lib/safe-redirect.ts';
import { useSession } from '#web/lib/session.tsx';
import { useAuthenticateToken } from '../api/account.ts';
import { text } from '../messages.ts';
import { loginErrorMessage } from './signin-page.tsx';

/** Second sign-in step: the mailed code. Keeps the `redirect` query (SPEC §2). */
export function TwoFactorsPage() {
  const { email = '' } = useParams();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const { signIn } = useSession();
  const authenticate = useAuthenticateToken();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const submit = (value = code) => {
    if (!/^\d{6}$/.test(value)) {
      setError('O código tem 6 dígitos.');
      return;
    }
    setError(undefined);
    authenticate.mutate(
      { email, login_token: value },
      {
        onSuccess: ({ token, user }) => {
          // Publishing the user is enough: the auth pages' guard sends a signed-in user to the
          // `redirect` query or to the role home, so there is one place that decides.
          signIn(token, user);
        },
        onError: (err) => {
          const message = loginErrorMessage(err);
          setError(message);
          notifyError(text.errorTitle, message);
        },
      },
    );
  };

  return (
    <AuthCard title={text.twoFactors.title} subtitle={text.twoFactors.subtitle(email)}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack>
          <Text component="label" htmlFor="login-code" size="sm" fw={500}>
            {text.twoFactors.code}
          </Text>
          <Center>
            <PinInput
              id="login-code"
              length={6}
              type="number"
              oneTimeCode
              size="lg"
              value={code}
              onChange={setCode}
              onComplete={submit}
              error={Boolean(error)}
              aria-label={text.twoFactors.code}
              autoFocus
            />
          </Center>
          {error && (
            <Text c="red.8" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Button type="submit" loading={authenticate.isPending} fullWidth>
            {text.twoFactors.submit}
          </Button>
          <Anchor
            component={Link}
            to={redirect ? `/signin?redirect=${encodeURIComponent(redirect)}` : '/signin'}
            size="sm"
            ta="center"
          >
            {text.twoFactors.back}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
