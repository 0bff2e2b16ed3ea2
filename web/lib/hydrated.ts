import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the page is drawn on the server and while the browser hydrates that HTML, true from
 * the render after (and at once on pages reached inside the app). Widgets that need JavaScript to
 * work (picking hours, the search's autocomplete) draw a same-size placeholder until then, so the
 * server's HTML and the first render in the browser are the same and nothing moves.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
