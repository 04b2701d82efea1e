// Total Blocking Time estimated from the CPU time in a Lighthouse trace (issue 24).
//
// Lighthouse's simulated throttling multiplies each task's observed wall-clock duration by 4. On a
// machine other work keeps busy, the renderer waits for a core inside its tasks: a task of 12 ms CPU
// was seen lasting 155 ms, and one run's TBT moved by 1–3 s. Every trace event also carries the
// thread's CPU time spent in it (`tdur`); summing max(0, 4 × CPU time − 50 ms) over the main
// thread's tasks after the first contentful paint gives an estimate that load hardly moves. It is
// an estimate: Lighthouse counts only until Time to Interactive and simulates the order of work;
// this counts every task after the paint that the trace holds.

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { documentLoaderURL?: string } };
}

const CPU_SLOWDOWN = 4;
const BLOCKING_AFTER_MS = 50;

/** The estimate in ms for the page of `origin` in `trace`, or null when the trace lacks what it needs. */
export function cpuBlockingTime(trace: unknown, origin: string): number | null {
  const events = (trace as { traceEvents?: TraceEvent[] } | undefined)?.traceEvents;
  const navigation = events?.find(
    (event) => event.name === 'navigationStart' && event.args?.data?.documentLoaderURL?.startsWith(origin),
  );
  const paint = events?.find((event) => event.name === 'firstContentfulPaint' && event.pid === navigation?.pid);
  if (!events || !navigation || !paint) return null;
  let total = 0;
  for (const event of events) {
    if (event.name !== 'RunTask' || event.ph !== 'X' || event.ts < paint.ts) continue;
    if (event.pid !== navigation.pid || event.tid !== navigation.tid) continue;
    total += Math.max(0, (CPU_SLOWDOWN * (event.tdur ?? event.dur ?? 0)) / 1000 - BLOCKING_AFTER_MS);
  }
  return total;
}
