import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { roleHome } from '#common/domain/user';
import { AuthCard } from '#web/app/layouts/auth-layout.tsx';
import { useSession } from '#web/lib/session.tsx';
import { useAuthenticateToken } from '../api/account.ts';
import { text } from '../messages.ts';
import { loginErrorMessage } from './signin-page.tsx';

/** /auth-user-ogin?email=..&token=..: the link in the sign-in mail. */
export function LinkLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const authenticate = useAuthenticateToken();
  const started = useRef(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const email = params.get('email') ?? '';
    const token = params.get('token') ?? '';
    if (!email || !/^\d{6}$/.test(token)) {
      setError(text.linkLogin.failed);
      return;
    }
    authenticate.mutate(
      { email, login_token: token },
      {
        onSuccess: ({ token: bearer, user }) => {
          signIn(bearer, user);
          navigate(roleHome(user.role_name), { replace: true });
        },
        onError: (err) => setError(`${text.linkLogin.failed} ${loginErrorMessage(err)}`),
      },
    );
  }, [authenticate, navigate, params, signIn]);

  return (
    <AuthCard title={text.linkLogin.title}>
      {error ? (
        <Stack>
          <Alert color="red" role="alert">
            {error}
          </Alert>
          <Button component={Link} to="/signin">
            {text.linkLogin.retry}
          </Button>
        </Stack>
      ) : (
        <Center py="lg" role="status">
          <Loader aria-label="Entrando" />
        </Center>
      )}
    </AuthCard>
  );
}
