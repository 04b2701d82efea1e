/**
 * Unbilled detection per call (DESIGN.md §4): the calls no live invoice holds, whatever their age
 * (never billed, or freed by a release), counted per window. Coverage and the dashboard use it.
 */
import type { Database } from '@phone-billing/db';
import { freeBoxes, type ClaimBox } from '../domain';
import { countCallsInBoxes } from './rating-queries';

/** Instants [from, to) of one queue set, named by `key`. */
export type UnbilledWindow = { from: number; to: number; key: string };

/**
 * Calls no live invoice holds (never billed, or released), per window, on these queues: drawn as the boxes a
 * claim would draw right now, and counted in one statement.
 */
export async function unbilledCalls(
  db: Database,
  queueNames: string[],
  windows: UnbilledWindow[],
  incrementSeconds: number,
) {
  const totals = new Map<string, { calls: number; billedSeconds: number }>();
  if (windows.length === 0 || queueNames.length === 0) return totals;
  const queues = await db.$queryRaw<
    Array<{ id: string }>
  >`SELECT id FROM genesys_queues WHERE name = ANY(${queueNames}::text[])`;
  if (queues.length === 0) return totals;
  const queueIds = queues.map((queue) => queue.id);
  const seq = await db.$queryRaw<Array<{ next: bigint }>>`SELECT last_value + 1 AS next FROM call_billable_seq`;
  const watermark = Number(seq[0]?.next ?? 1);
  const instants = windows;
  const live = await db.$queryRaw<
    Array<{ queueId: string; startFrom: Date; startTo: Date; seqFrom: bigint; seqTo: bigint }>
  >`
    SELECT "queueId", "startFrom", "startTo", "seqFrom", "seqTo" FROM call_claims
    WHERE live AND "queueId" = ANY(${queueIds}::text[])
      AND "startTo" > ${new Date(Math.min(...instants.map((window) => window.from)))} AND "startFrom" < ${new Date(Math.max(...instants.map((window) => window.to)))}`;
  const boxes: Array<ClaimBox & { queueId: string; key: string }> = [];
  for (const queueId of queueIds) {
    const taken = live
      .filter((box) => box.queueId === queueId)
      .map((box) => ({
        startFrom: box.startFrom.getTime(),
        startTo: box.startTo.getTime(),
        seqFrom: Number(box.seqFrom),
        seqTo: Number(box.seqTo),
      }));
    for (const window of instants)
      for (const box of freeBoxes(window, taken, watermark)) boxes.push({ ...box, queueId, key: window.key });
  }
  const counted = await countCallsInBoxes(db, boxes, incrementSeconds);
  boxes.forEach((box, index) => {
    const count = counted.get(index);
    if (!count) return;
    const total = totals.get(box.key) ?? { calls: 0, billedSeconds: 0 };
    total.calls += count.calls;
    total.billedSeconds += count.billedSeconds;
    totals.set(box.key, total);
  });
  return totals;
}
