/**
 * The geometry of "each call on one invoice" (DESIGN.md §4; migration 20261126_billing_claims).
 *
 * A billable call of a queue is a point (start instant, billable sequence number). An invoice
 * claims calls with boxes: a start range × a sequence range, both half-open. Live boxes of one
 * queue never overlap (PostgreSQL refuses it), so no call is inside two of them. A new claim over
 * a window of time takes what no live box holds below its watermark (the next sequence number when
 * it is drawn): calls that arrived late sit above the boxes drawn before them, and the calls of a
 * released invoice are a hole that the next claim fills.
 */

/** Half-open ranges: start instants in epoch milliseconds, sequence numbers as integers. */
export type ClaimBox = { startFrom: number; startTo: number; seqFrom: number; seqTo: number };

type Interval = { from: number; to: number };

/** [0, watermark) minus the given intervals, as sorted disjoint intervals. */
function complement(taken: Interval[], watermark: number): Interval[] {
  const free: Interval[] = [];
  let cursor = 0;
  for (const interval of [...taken].sort((a, b) => a.from - b.from)) {
    if (interval.from > cursor) free.push({ from: cursor, to: Math.min(interval.from, watermark) });
    cursor = Math.max(cursor, interval.to);
    if (cursor >= watermark) break;
  }
  if (cursor < watermark) free.push({ from: cursor, to: watermark });
  return free.filter((interval) => interval.from < interval.to);
}

const sameIntervals = (a: Interval[], b: Interval[]) =>
  a.length === b.length &&
  a.every((interval, index) => interval.from === b[index]!.from && interval.to === b[index]!.to);

/**
 * The boxes a new claim over the start window [from, to) draws for one queue: everything below
 * `watermark` that none of the `live` boxes (of the same queue) holds. Neighbouring slices of time
 * with the same free sequence ranges are merged, so the result is small.
 *
 * @example freeBoxes({ from: 0, to: 10 }, [{ startFrom: 0, startTo: 5, seqFrom: 0, seqTo: 100 }], 150)
 *   // [{ startFrom: 0, startTo: 5, seqFrom: 100, seqTo: 150 }, { startFrom: 5, startTo: 10, seqFrom: 0, seqTo: 150 }]
 */
export function freeBoxes(window: Interval, live: readonly ClaimBox[], watermark: number): ClaimBox[] {
  if (!(window.from < window.to) || watermark <= 0) return [];
  const overlapping = live.filter((box) => box.startFrom < window.to && box.startTo > window.from);
  const cuts = new Set<number>([window.from, window.to]);
  for (const box of overlapping) {
    if (box.startFrom > window.from && box.startFrom < window.to) cuts.add(box.startFrom);
    if (box.startTo > window.from && box.startTo < window.to) cuts.add(box.startTo);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const slices: Array<Interval & { free: Interval[] }> = [];
  for (let index = 0; index + 1 < points.length; index += 1) {
    const from = points[index]!;
    const to = points[index + 1]!;
    const taken = overlapping
      .filter((box) => box.startFrom <= from && box.startTo >= to)
      .map((box) => ({ from: box.seqFrom, to: box.seqTo }));
    const free = complement(taken, watermark);
    const previous = slices[slices.length - 1];
    if (previous && previous.to === from && sameIntervals(previous.free, free)) previous.to = to;
    else slices.push({ from, to, free });
  }
  return slices.flatMap((slice) =>
    slice.free.map((seq) => ({ startFrom: slice.from, startTo: slice.to, seqFrom: seq.from, seqTo: seq.to })),
  );
}

/** True when the call (start instant, sequence number) lies inside the box. */
export function boxHolds(box: ClaimBox, call: { start: number; seq: number }): boolean {
  return call.start >= box.startFrom && call.start < box.startTo && call.seq >= box.seqFrom && call.seq < box.seqTo;
}
