/** LGPD self-service calls (DESIGN §8): one per operation. */
import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountBody, DeleteAccountResponse } from '#common/contracts/privacy';
import { api, download } from '#web/lib/api.ts';

/** Saves the zip with dados.json and the photos; answers its file name. */
export const downloadMyData = () => download('/user/export');
export const useDownloadMyData = () => useMutation({ mutationFn: downloadMyData });

export const useDeleteAccount = () =>
  useMutation({
    mutationFn: (body: DeleteAccountBody) =>
      api<DeleteAccountResponse>('/user/delete', { method: 'POST', body }),
  });
