import type { DehydratedState } from '@tanstack/react-query';

/** The element the server writes a public page's query data into (server/features/public-pages). */
export const SERVER_STATE_ID = 'salas-state';

/**
 * The query data a server-drawn page was drawn from (TanStack Query's dehydrated state), read
 * once; null on pages the browser draws alone.
 */
export function takeServerState(): DehydratedState | null {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return null;
  element.remove();
  return JSON.parse(element.textContent) as DehydratedState;
}
