/**
 * A small seeded pseudo-random generator (mulberry32) for the demo: the same seed gives the same
 * marketplace, so two first starts on the same day show the same figures.
 */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  /** One item, each as likely as its weight. */
  weighted<T>(list: readonly T[], weight: (item: T) => number): T | undefined;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    chance: (p) => next() < p,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)]!,
    weighted(list, weight) {
      let total = 0;
      for (const item of list) total += Math.max(0, weight(item));
      if (total <= 0) return undefined;
      let r = next() * total;
      for (const item of list) {
        r -= Math.max(0, weight(item));
        if (r < 0) return item;
      }
      return list.at(-1);
    },
  };
}
