import { Notifications } from '@mantine/notifications';
import { TOAST_LIMIT, TOAST_MS } from './toasts.tsx';

/** The toast list itself: loaded by <Toasts> with the first toast. */
export function ToastList() {
  return <Notifications limit={TOAST_LIMIT} autoClose={TOAST_MS} position="top-right" />;
}
