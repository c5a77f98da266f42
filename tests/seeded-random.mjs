// A small seeded PRNG (mulberry32) shared by the tests: the same seed gives the same sequence on every run.

/** Returns a function giving numbers in [0, 1), determined by `seed`. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
