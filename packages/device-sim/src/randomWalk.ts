/** A seeded PRNG (mulberry32), so a device's readings are reproducible from its sn. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of a string: the seed `rng` takes for a serial number. */
export function seedOf(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
export const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;

/** A mean-reverting random walk: drifts realistically, stays in range. */
export class Walk {
  constructor(
    private readonly random: () => number,
    public value: number,
    private readonly min: number,
    private readonly max: number,
    private readonly step: number,
    public mean = value,
    private readonly revert = 0.05,
  ) {}

  next(): number {
    const noise = (this.random() + this.random() + this.random() - 1.5) * 2 * this.step;
    this.value = clamp(this.value + (this.mean - this.value) * this.revert + noise, this.min, this.max);
    return this.value;
  }
}
