/** POST /api/user/password: the signed-in person changes their own password. */
import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '#common/contracts/auth';
import { api } from '#web/lib/api.ts';

export const changePassword = (body: ChangePasswordBody) =>
  api<{ data: { message: string } }>('/user/password', { method: 'POST', body }).then((r) => r.data);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
