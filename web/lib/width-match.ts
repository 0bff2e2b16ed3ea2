import { startTransition, useEffect, useState } from 'react';

/**
 * Whether a media query matches, or undefined while it cannot be known: on the server and in the
 * browser's first render (hydration), which must draw what the server drew. Mantine's
 * useMediaQuery answers false then, so a phone got the computer's layout first; with undefined, a
 * component draws both forms and lets CSS show the one that fits until the answer comes.
 */
export function useWidthMatch(query: string): boolean | undefined {
  const [matches, setMatches] = useState<boolean>();
  useEffect(() => {
    const list = window.matchMedia(query);
    // The first answer as a transition: a plain update from an effect is drawn in one synchronous
    // task, and right after hydrating that held a phone's main thread.
    startTransition(() => setMatches(list.matches));
    const changed = (event: MediaQueryListEvent) => setMatches(event.matches);
    list.addEventListener('change', changed);
    return () => list.removeEventListener('change', changed);
  }, [query]);
  return matches;
}
