/** The p-th percentile (0–100) of the values, nearest-rank; the input is not modified. */
export function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}

/** The median as the benches report it: the upper middle value of an even count (percentile 50). */
export function median(xs: readonly number[]): number {
  return percentile(xs, 50);
}

/** Seeded PRNG (mulberry32) so every run builds the same synthetic data. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
