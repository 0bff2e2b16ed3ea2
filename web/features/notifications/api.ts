/** A person's WhatsApp notices (DESIGN §10): read the choice, turn it on or off. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, UpdateNotificationSettings } from '#common/contracts/notifications';
import { api } from '#web/lib/api.ts';

/**
 * Under `['user']`: saving the profile invalidates it, so a phone changed there (which turns the
 * notices off on the server) shows at once.
 */
export const notificationSettingsQuery = queryOptions({
  queryKey: ['user', 'notifications'],
  queryFn: () => api<{ data: NotificationSettings }>('/user/notifications').then((r) => r.data),
});

export const useNotificationSettings = () => useQuery(notificationSettingsQuery);

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationSettings) =>
      api<{ data: NotificationSettings }>('/user/notifications', { method: 'PUT', body }).then((r) => r.data),
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsQuery.queryKey, settings),
  });
}
