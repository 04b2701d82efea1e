// BILLING_PROPERTY_PROFILE=1: where the billing oracle's sequences spend their wall-clock time
// (world set-up and tear-down, ticks, jobs, sweeps, invariants), printed at the end of the run.
import { performance } from 'node:perf_hooks';

export const PROFILING = process.env.BILLING_PROPERTY_PROFILE === '1';
const totals = new Map<string, { ms: number; count: number }>();

/** Runs `body`, adding its wall-clock time to `label` when profiling (labels may nest). */
export async function timed<T>(label: string, body: () => Promise<T>): Promise<T> {
  if (!PROFILING) return body();
  const started = performance.now();
  try {
    return await body();
  } finally {
    const total = totals.get(label) ?? { ms: 0, count: 0 };
    total.ms += performance.now() - started;
    total.count += 1;
    totals.set(label, total);
  }
}

/** The totals so far, longest first, one line each (seconds, count, mean ms). */
export function timingReport(): string {
  return [...totals]
    .sort((a, b) => b[1].ms - a[1].ms)
    .map(
      ([label, { ms, count }]) =>
        `${label.padEnd(34)} ${(ms / 1000).toFixed(1).padStart(8)} s ${String(count).padStart(6)}× ${(ms / count).toFixed(0).padStart(6)} ms`,
    )
    .join('\n');
}
