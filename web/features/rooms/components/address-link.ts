import type { KeyboardEvent, MouseEvent } from 'react';

/**
 * A link's tap once the page runs: a plain one (no new tab, no modifier) does `action` in the page;
 * any other the browser follows. Before the page's scripts run (or without them) the browser
 * follows every tap, to the page with that choice in its address (decision 0044).
 */
export const inPage = (action: () => void) => (e: MouseEvent) => {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  action();
};

/**
 * The props of a link that is a button once the page runs ("Limpar seleção", a picked day's ×):
 * its address carries the change for a tap before the scripts; the space bar presses it too.
 */
export function buttonLink(href: string, action: () => void) {
  return {
    href,
    rel: 'nofollow',
    role: 'button',
    onClick: inPage(action),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key !== ' ') return;
      e.preventDefault();
      action();
    },
  } as const;
}
