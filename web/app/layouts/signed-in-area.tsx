import { ModalsProvider } from '@mantine/modals';
import { Outlet } from 'react-router';

/**
 * The signed-in areas (specialist, partner, back office). Their confirmation dialogs
 * (modals.openConfirmModal) need this provider; the public pages do not load it.
 */
export function SignedInArea() {
  return (
    <ModalsProvider>
      <Outlet />
    </ModalsProvider>
  );
}
