import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/** True from before the browser hydrates a page the server drew until that page responds. */
let pageHydrating = false;

/** Said by main.tsx before hydrating, and by PageReady once the page is hydrated. */
export function setPageHydrating(value: boolean): void {
  pageHydrating = value;
}

/**
 * False while the page is drawn on the server and while the browser hydrates that HTML, true from
 * the render after (and at once wherever the browser draws alone: pages reached inside the app, a
 * dialog opened later). Widgets that need JavaScript to work (picking hours, the search's
 * suggestions) draw a same-size placeholder until then, so the server's HTML and the first render
 * in the browser are the same and nothing moves.
 *
 * Whether this render hydrates is asked of React itself (a store's server snapshot is read only
 * while hydrating), per component: parts of a page hydrate at different moments (each Suspense
 * boundary in its own pass), so no flag for the whole app can say it. The switch is a transition:
 * React draws those widgets in slices, yielding to the browser.
 */
export function useHydrated(): boolean {
  // The browser's snapshot agrees with the server's (true) for as long as the page is being
  // hydrated: when they differ after hydrating, React draws the component again at once to catch
  // up, in one synchronous task that yields to nothing — each of these widgets did, right after
  // hydrating (docs/performance.md, "Décima rodada").
  const hydrating = useSyncExternalStore(
    subscribeToNothing,
    () => pageHydrating,
    () => true,
  );
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/** The props of an element whose content the browser keeps as the server drew it (useKeptHtml). */
export const keptHtml = { dangerouslySetInnerHTML: { __html: '' }, suppressHydrationWarning: true } as const;

/**
 * For a part of a server-drawn page that does not change once drawn and holds nothing to tap but
 * plain links: true in the browser when the part is hydrated from the server's HTML. It then draws
 * only its outer element, with `keptHtml`, and the browser keeps the server's content inside as it
 * is instead of hydrating it: React leaves the content of an element with dangerouslySetInnerHTML
 * alone while hydrating, and afterwards as long as `__html` stays the same. Drawn by the browser
 * alone (a page reached inside the app), false: the part draws itself as usual.
 */
export function useKeptHtml(): boolean {
  const hydrating = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  const [kept] = useState(hydrating && typeof window !== 'undefined');
  return kept;
}
