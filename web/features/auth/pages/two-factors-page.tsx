import { Anchor, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { AuthCard } from '#web/app/layouts/auth-layout.tsx';
import { notifyError } from '#web/lib/notify.ts';
import { safeRedirect } from '#web/lib/safe-redirect.ts';
import { useSession } from '#web/lib/session.tsx';
import { useAuthenticateToken } from '../api/account.ts';
import { CODE_LENGTH_MESSAGE, CodeField, isCode } from '../components/code-field.tsx';
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
    if (!isCode(value)) {
      setError(CODE_LENGTH_MESSAGE);
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
          <CodeField
            id="login-code"
            label={text.twoFactors.code}
            value={code}
            onChange={setCode}
            onComplete={submit}
            error={error}
            autoFocus
          />
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
