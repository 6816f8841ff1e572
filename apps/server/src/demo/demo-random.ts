/**
 * A small seeded random source (mulberry32), so the demo data is the same on every machine and
 * `npm run demo-accounts` can print it without opening the database.
 */
export interface DemoRandom {
  /** A whole number from min to max, both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

export function demoRandom(seedText: string): DemoRandom {
  let state = 2166136261;
  for (const character of seedText) state = Math.imul(state ^ character.charCodeAt(0), 16777619);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { int, pick: (items) => items[int(0, items.length - 1)]! };
}
