// What the billing oracle's world reads back from the app for the invariants: its settlements and
// the last period it billed.
import { WorldState } from './world-state';
import type { Settlement } from './world-types';

export class WorldLookups extends WorldState {
  /**
   * The app's settlements of a profile (DESIGN.md §4: a period billed for nothing more, e.g. calls
   * within a minimum already invoiced, or no usage and no minimum): no document reaches QuickBooks,
   * yet the days are accounted for and their calls claimed. Read from the ledger as Job Details
   * shows it: the first day of each period it touches and the conversations it claims.
   */
  async settlements(profileId: string): Promise<Settlement[]> {
    const entries = await this.db.invoiceLedgerEntry.findMany({
      where: { profileId, kind: 'SETTLEMENT', state: 'SETTLED' },
      include: { periodLines: { include: { period: true } } },
      orderBy: { createdAt: 'asc' },
    });
    const settlements: Settlement[] = [];
    for (const entry of entries) {
      const calls = await this.db.$queryRaw<Array<{ conversationId: string }>>`
        SELECT r."conversationId" FROM call_claims c
        JOIN call_records r ON r."queueId" = c."queueId"
          AND r."startTime" >= c."startFrom" AND r."startTime" < c."startTo"
          AND r."billableSeq" >= c."seqFrom" AND r."billableSeq" < c."seqTo"
        WHERE c."ledgerId" = ${entry.id}::uuid AND c.live
          AND (r."mediaType" = 'voice' OR ${this.model.profile(profileId).terms.plan !== undefined})`;
      settlements.push({
        docNumber: entry.docNumber,
        createdMs: entry.createdAt.getTime(),
        periodStarts: entry.periodLines.map((line) => line.period.periodStart.toISOString().slice(0, 10)),
        conversationIds: calls.map((call) => call.conversationId),
      });
    }
    return settlements;
  }

  /**
   * The end of the last period of a profile that any invoice QuickBooks created names (in a line or
   * its memo), or that the app settled (a settled period is billed: it keeps its days and its terms),
   * or null.
   */
  async lastBilledEndMs(profileId: string): Promise<number | null> {
    this.quickBooks.refresh(this.nowMs);
    const profile = this.model.profile(profileId);
    let last: number | null = null;
    for (const settlement of await this.settlements(profileId)) {
      for (const day of settlement.periodStarts) {
        const period = this.model.periodNaming(profileId, day);
        if (period && (last === null || period.endMs > last)) last = period.endMs;
      }
    }
    for (const document of this.quickBooks.invoices()) {
      if (document.customerId !== profile.qboCustomerId) continue;
      // Lines and memo: a period of the run owing nothing (no usage, no minimum) gets no line, but the
      // memo names it (DESIGN.md §4 "Lines"): settled, it is billed (soak seed 238827412 path 2).
      const texts = [...document.lines.map((line) => line.description), document.memo];
      for (const match of texts.flatMap((text) => [...text.matchAll(/(\d{2})\/(\d{2})\/(\d{4})/g)])) {
        const period = this.model.periodNaming(profileId, `${match[3]}-${match[1]}-${match[2]}`);
        if (period && (last === null || period.endMs > last)) last = period.endMs;
      }
    }
    return last;
  }
}
