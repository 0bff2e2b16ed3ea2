import { startTransition, useEffect, useState } from 'react';

/** Set once the first page has been hydrated (or drawn): later mounts draw their widgets at once. */
let appHydrated = false;

/**
 * False while the page is drawn on the server and while the browser hydrates that HTML, true from
 * the render after (and at once on pages reached inside the app). Widgets that need JavaScript to
 * work (picking hours, the search's suggestions) draw a same-size placeholder until then, so the
 * server's HTML and the first render in the browser are the same and nothing moves. The switch is
 * a transition: React draws those widgets in slices, yielding to the browser, where a store
 * (useSyncExternalStore) would redraw them all in one synchronous task right after hydration.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(appHydrated);
  useEffect(() => {
    if (hydrated) return;
    appHydrated = true;
    startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
