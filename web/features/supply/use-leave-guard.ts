/**
 * Warns before unsaved changes are lost (decision 0038). The app renders <BrowserRouter> (no data
 * router, so no useBlocker): a reload, a closed tab or another site gets the browser's own
 * "leave page?" (beforeunload); a link inside the app (menu, breadcrumb, header) is held in the
 * capture phase, before React Router sees the click, and followed only after "Sair sem salvar".
 */
import { modals } from '@mantine/modals';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { text } from './messages.ts';

export function useLeaveGuard(dirty: boolean) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if (anchor.target === '_blank' || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      // Another site: the browser asks (beforeunload). The same page: nothing is lost.
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      event.stopPropagation();
      modals.openConfirmModal({
        title: text.leave.title,
        children: text.leave.body,
        labels: { confirm: text.leave.confirm, cancel: text.leave.stay },
        confirmProps: { color: 'red' },
        onConfirm: () => navigateRef.current(`${url.pathname}${url.search}${url.hash}`),
      });
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);
}
