import { Alert, Button, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { roleHome } from '#common/domain/user';
import { AuthCard } from '#web/app/layouts/auth-layout.tsx';
import { FullScreenLoading } from '#web/components/loading-overlay.tsx';
import { ApiError } from '#web/lib/api.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { safeRedirect } from '#web/lib/safe-redirect.ts';
import { userQueryKey, useSession } from '#web/lib/session.tsx';
import { useResendCode, useVerifyEmail } from '../api/account.ts';
import { specialistProfileQuery } from '../api/profile.ts';
import { CODE_LENGTH_MESSAGE, CodeField, isCode } from '../components/code-field.tsx';
import { text } from '../messages.ts';

const RESEND_COOLDOWN_S = 60;

export function VerificationPage() {
  const { user, loading } = useSession();
  const [params] = useSearchParams();
  const email = user?.email ?? params.get('email') ?? '';
  // Where the person was going (e.g. the room page whose booking asked for this step).
  const redirect = safeRedirect(params.get('redirect'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const verify = useVerifyEmail();
  const resend = useResendCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [cooldown, setCooldown] = useState(RESEND_COOLDOWN_S);
  // Set once the code is accepted: from then on `next()` chooses where to go, not the render.
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (cooldown <= 0) return;
    const id = setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [cooldown]);

  if (loading) return <FullScreenLoading />;
  if (user?.email_verified && !leaving) return <Navigate to={redirect ?? roleHome(user.role_name)} replace />;

  /** After the code: back where the person was going, through the specialist data if still missing. */
  const next = async (): Promise<string> => {
    if (!user) return redirect ? `/signin?redirect=${encodeURIComponent(redirect)}` : '/signin';
    if (!redirect) return roleHome(user.role_name);
    if (user.role_name !== 'customer') return redirect;
    const profile = await queryClient.fetchQuery(specialistProfileQuery).catch(() => undefined);
    return profile === null ? `/especialista/new-account?redirect=${encodeURIComponent(redirect)}` : redirect;
  };

  const submit = (value = code) => {
    if (!isCode(value)) {
      setError(CODE_LENGTH_MESSAGE);
      return;
    }
    setError(undefined);
    verify.mutate(
      { email, code: value },
      {
        onSuccess: async (res) => {
          setLeaving(true);
          notifySuccess(res.data.message);
          await queryClient.invalidateQueries({ queryKey: userQueryKey });
          navigate(await next(), { replace: true });
        },
        onError: (err) => setError(err instanceof ApiError ? err.message : text.invalidCode),
      },
    );
  };

  return (
    <AuthCard
      title={text.verification.title}
      subtitle={email ? text.verification.subtitle(email) : undefined}
    >
      {!email ? (
        <Stack>
          <Alert color="yellow">{text.verification.noEmail}</Alert>
          <Button
            component={Link}
            to={`/signin?redirect=${encodeURIComponent(redirect ? `/verificacao?redirect=${encodeURIComponent(redirect)}` : '/verificacao')}`}
          >
            {text.signin.title}
          </Button>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          noValidate
        >
          <Stack>
            <CodeField
              id="verification-code"
              label={text.verification.code}
              value={code}
              onChange={setCode}
              onComplete={submit}
              error={error}
            />
            <Button type="submit" loading={verify.isPending} fullWidth>
              {text.verification.submit}
            </Button>
            <Button
              variant="subtle"
              disabled={cooldown > 0}
              loading={resend.isPending}
              onClick={() =>
                resend.mutate(email, {
                  onSuccess: () => {
                    setCooldown(RESEND_COOLDOWN_S);
                    notifySuccess(text.verification.resent);
                  },
                  onError: (err) =>
                    notifyError(text.errorTitle, err instanceof ApiError ? err.message : text.throttled),
                })
              }
            >
              {cooldown > 0 ? text.verification.resendIn(cooldown) : text.verification.resend}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
