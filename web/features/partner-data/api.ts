/** The partner's own data: basic data, company data, bank account and Pix key. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  BankAccountBody,
  bankAccountSchema,
  PartnerApprovalStatus,
  PartnerBasicBody,
  PartnerData,
  PartnerDataBody,
  PixKeyBody,
} from '#common/contracts/partner';
import { api } from '#web/lib/api.ts';
import { useSession } from '#web/lib/session.tsx';

type Data<T> = { data: T };
export type BankAccount = z.infer<typeof bankAccountSchema>;
export type PixKey = { key_type: string; key: string };

function usePartnerBase() {
  const { user } = useSession();
  return { base: `/partner/${user?.uuid ?? ''}`, uuid: user?.uuid ?? '' };
}

function useResource<T>(key: string, path: string) {
  const { base, uuid } = usePartnerBase();
  return useQuery({
    queryKey: ['partner', 'self', key],
    queryFn: () => api<Data<T>>(`${base}/${path}`).then((r) => r.data),
    enabled: Boolean(uuid),
  });
}

function useSaver<B, T>(key: string, path: (base: string, uuid: string) => string) {
  const { base, uuid } = usePartnerBase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api<Data<T>>(path(base, uuid), { method: 'PUT', body }).then((r) => r.data),
    onSuccess: (data) => {
      queryClient.setQueryData(['partner', 'self', key], data);
      void queryClient.invalidateQueries({ queryKey: ['user'] });
    },
  });
}

export const usePartnerData = () => useResource<PartnerData>('data', 'data');
export const useSavePartnerData = () =>
  useSaver<PartnerDataBody, PartnerData>('data', (base) => `${base}/data`);
export const useSaveBasicData = () =>
  useSaver<PartnerBasicBody, PartnerData>('data', (_b, uuid) => `/partner/basicdata/${uuid}`);
export const useBankAccount = () => useResource<BankAccount | null>('bank', 'bank-account');
export const useSaveBankAccount = () =>
  useSaver<BankAccountBody, BankAccount | null>('bank', (base) => `${base}/bank-account`);
export const usePixKey = () => useResource<PixKey | null>('pix', 'pix-key');
export const useSavePixKey = () => useSaver<PixKeyBody, PixKey | null>('pix', (base) => `${base}/pix-key`);

/** Where the partner's own sign-up stands (docs/decisions/0039): read fresh on every page load. */
export const useApproval = () => useResource<PartnerApprovalStatus>('approval', 'approval');

/** A refused partner asks for another look. */
export function useRequestReview() {
  const { base } = usePartnerBase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<Data<PartnerApprovalStatus>>(`${base}/approval/review`, { method: 'POST' }).then((r) => r.data),
    onSuccess: (data) => queryClient.setQueryData(['partner', 'self', 'approval'], data),
  });
}
