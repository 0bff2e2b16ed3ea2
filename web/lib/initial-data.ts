import type { DehydratedState } from '@tanstack/react-query';

/** The element the server writes a public page's query data into (server/features/public-pages). */
export const SERVER_STATE_ID = 'salas-state';

/**
 * The query data a server-drawn page was drawn from (TanStack Query's dehydrated state), read
 * once; null on pages the browser draws alone.
 */
export function takeServerState(now = Date.now()): DehydratedState | null {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return null;
  element.remove();
  return freshOnArrival(JSON.parse(element.textContent) as DehydratedState, now);
}

/**
 * The data came with the page: it counts as fetched when the page arrived, not when the server
 * read it. Otherwise a phone that takes longer than the queries' stale time to hydrate asks the
 * API again on mount, and the answer redraws the page in one synchronous task mid-hydration.
 */
export function freshOnArrival(state: DehydratedState, now: number): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((q) => ({
      ...q,
      state: { ...q.state, dataUpdatedAt: Math.max(q.state.dataUpdatedAt, now) },
    })),
  };
}
