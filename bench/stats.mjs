// Percentiles over a list of millisecond samples.
export function summarise(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
  const round = (n) => Math.round(n * 100) / 100;
  return { n: sorted.length, p50: round(at(50)), p90: round(at(90)), p99: round(at(99)), max: round(sorted.at(-1) ?? NaN), mean: round(sorted.reduce((s, x) => s + x, 0) / (sorted.length || 1)) };
}
