// A small seeded random source, so a drill run with the same seed repeats exactly (tests, shared
// drills) while the viewer can still seed from Math.random for variety.

/** A source of uniform numbers in [0, 1). */
export type RandomSource = () => number;

/** The mulberry32 generator: fast, 32-bit state, good enough spread for placing targets. */
export function mulberry32(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniform number in [min, max). */
export function randomBetween(random: RandomSource, min: number, max: number): number {
  return min + (max - min) * random();
}

/** A uniform integer in [0, count). */
export function randomIndex(random: RandomSource, count: number): number {
  return Math.min(count - 1, Math.floor(random() * count));
}

/** A fresh 32-bit seed from Math.random, for runs that need not repeat. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 4294967296) >>> 0;
}
