import { Alert, Button, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { User } from '#common/contracts/user';
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
  const { user, loading, signIn } = useSession();
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

  /**
   * After the code: back where the person was going, through the specialist data if still missing.
   * `who` is the signed-in person: the one already here, or the session the code opened.
   */
  const next = async (who: User | null): Promise<string> => {
    if (!who) return redirect ? `/signin?redirect=${encodeURIComponent(redirect)}` : '/signin';
    if (who.role_name !== 'customer') return redirect ?? roleHome(who.role_name);
    const profile = await queryClient.fetchQuery(specialistProfileQuery).catch(() => undefined);
    if (profile !== null) return redirect ?? roleHome(who.role_name);
    return redirect
      ? `/especialista/new-account?redirect=${encodeURIComponent(redirect)}`
      : '/especialista/new-account';
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
          // Right after sign-up the code also signed in: one code, not two (docs/decisions/0017).
          const { token, user: opened } = res.data;
          if (!user && token && opened) signIn(token, opened);
          else await queryClient.invalidateQueries({ queryKey: userQueryKey });
          navigate(await next(user ?? opened ?? null), { replace: true });
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
