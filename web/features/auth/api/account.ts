/** The account calls of SPEC §7, one hook per operation. */
import { useMutation } from '@tanstack/react-query';
import type {
  AuthenticateTokenBody,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  VerifyEmailBody,
  VerifyEmailResponse,
} from '#common/contracts/auth';
import type { PartnerSignupBody } from '#common/contracts/partner';
import type { User } from '#common/contracts/user';
import { api } from '#web/lib/api.ts';

type Message = { data: { message: string } };

export const loginTwoFactor = (body: LoginBody) =>
  api<{ data: { email: string } }>('/loginTwoFactor', { method: 'POST', body }).then((r) => r.data);
export const useLoginTwoFactor = () => useMutation({ mutationFn: loginTwoFactor });

export const useAuthenticateToken = () =>
  useMutation({
    mutationFn: (body: AuthenticateTokenBody) =>
      api<{ data: { token: string; user: User } }>('/authenticateToken', { method: 'POST', body }).then(
        (r) => r.data,
      ),
  });

export const useRegister = () =>
  useMutation({
    mutationFn: (body: RegisterBody) =>
      api<{ data: User }>('/customer/register', { method: 'POST', body }).then((r) => r.data),
  });

/** A clinic signs itself up (POST /api/partner/signup): a partner account in review, the e-mail code mailed. */
export const usePartnerSignup = () =>
  useMutation({
    mutationFn: (body: PartnerSignupBody) =>
      api<{ data: User }>('/partner/signup', { method: 'POST', body }).then((r) => r.data),
  });

export const useVerifyEmail = () =>
  useMutation({
    /** Right after sign-up the answer also carries a session (`token`, `user`): docs/decisions/0017. */
    mutationFn: (body: VerifyEmailBody) =>
      api<VerifyEmailResponse>('/user/verify-email', { method: 'POST', body }),
  });

export const useResendCode = () =>
  useMutation({
    mutationFn: (email: string) =>
      api<Message>('/user/resend/verification-code', { method: 'POST', body: { email } }),
  });

export const useForgotPassword = () =>
  useMutation({
    mutationFn: (email: string) => api<Message>('/forgot-password', { method: 'POST', body: { email } }),
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: ResetPasswordBody) => api<Message>('/reset-password', { method: 'POST', body }),
  });
