/** The history's seeded generator: the same seed gives the same draws, so the same start gives the same history. */

/** A seeded generator (mulberry32). */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, int, chance: (p: number) => next() < p, pick: <T>(items: readonly T[]) => items[int(0, items.length - 1)] as T };
}
export type Random = ReturnType<typeof random>;
