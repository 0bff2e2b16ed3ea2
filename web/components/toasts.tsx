import { notificationsStore, useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

/** SPEC §9: at most one toast, 5000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_MS = 5000;

// The limit lives in the store, so it holds before the toast list is first drawn.
notificationsStore.updateState((state) => ({ ...state, limit: TOAST_LIMIT }));

// Drawing toasts (positions, transitions) is loaded with the first toast, not with every page.
const ToastList = lazy(async () => ({ default: (await import('./toast-list.tsx')).ToastList }));

/** Where the toasts of `notify()` appear; mounted once, near the root. */
export function Toasts() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense>
      <ToastList />
    </Suspense>
  ) : null;
}
