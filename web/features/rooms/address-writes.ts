/**
 * Addresses a page wrote (setSearchParams) that the router has not shown yet, oldest first. The
 * router applies a write a moment later, in a transition: a second tap before that must build on
 * the first write, not on the address of the last render, or the first tap is lost.
 */
export type Written = readonly string[];

/** The router now shows `shown`: the writes up to it have landed; any other address drops them all. */
export function settle(written: Written, shown: string): Written {
  const at = written.indexOf(shown);
  return at < 0 ? [] : written.slice(at + 1);
}

/** The address the next write builds on: the newest one written, else the one shown. */
export function latest(written: Written, shown: string): string {
  return written.at(-1) ?? shown;
}
