/**
 * Seeded randomness: the same seed gives the same city, the same day and the same answers. Each
 * simulated person draws from a stream of their own, so what one person does never shifts what
 * another does.
 */
export type Random = {
  /** Uniform in [0, 1). */
  next(): number;
  between(min: number, max: number): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  normal(mean: number, sd: number): number;
  pick<T>(items: readonly T[]): T;
};

/** mulberry32 over a 32-bit state: small, fast and good enough for a simulation. */
export function random(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const r: Random = {
    next,
    between: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    normal(mean, sd) {
      // Box-Muller; 1 - next() keeps the logarithm finite.
      const u = 1 - next();
      const v = next();
      return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
  };
  return r;
}

/** A stream of its own for `name` under `seed` (a person, the schedule, the map). */
export function streamOf(seed: number, name: string): Random {
  let h = 2166136261 ^ seed;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  return random(h >>> 0);
}
