import type { QboCdcQueryResponse } from '../receivable-entities';
import { receivablesOf } from './receivables-state';
import type { CompanyState } from './state';
import { faults, formatQboTime, type FaultSpec } from './wire-format';

// Change data capture (reference §2): `GET cdc?entities=…&changedSince=…` answers every entity of
// the listed types changed since then, deleted transactions as tombstones, one QueryResponse per
// requested type in request order; at most 30 days back, at most 1,000 objects (cut silently).

const unsupported = new Set(['journalcode', 'taxagency', 'timeactivity', 'taxcode', 'taxrate']);
const lookBackDays = 30;

export type CdcOptions = { now: Date; maxObjects: number; keep: 'oldest' | 'newest' };
export type CdcOutcome = { ok: true; body: unknown } | { ok: false; fault: FaultSpec };

type Row = Record<string, unknown> & { MetaData?: { LastUpdatedTime?: string } };

function collectionOf(company: CompanyState, entityName: string): Row[] | null {
  switch (entityName) {
    case 'invoice':
      return company.invoices as unknown as Row[];
    case 'payment':
      return receivablesOf(company).payments as unknown as Row[];
    case 'customer':
      return company.customers as unknown as Row[];
    case 'item':
      return company.items as unknown as Row[];
    case 'creditmemo':
      // Credit memos live in the company's state once the credit memo routes have made one.
      return ((company as unknown as { creditMemos?: Row[] }).creditMemos ?? []) as Row[];
    default:
      return null;
  }
}

const pascal: Record<string, string> = {
  invoice: 'Invoice',
  payment: 'Payment',
  customer: 'Customer',
  item: 'Item',
  creditmemo: 'CreditMemo',
};

function changedAt(row: Row): number {
  return Date.parse(row.MetaData?.LastUpdatedTime ?? '') || 0;
}

export function changeDataCapture(params: URLSearchParams, company: CompanyState, options: CdcOptions): CdcOutcome {
  const entities = (params.get('entities') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (entities.length === 0) return { ok: false, fault: faults.missingParameter('entities') };
  const changedSinceText = params.get('changedSince') ?? '';
  if (!changedSinceText) return { ok: false, fault: faults.missingParameter('changedSince') };
  const changedSince = Date.parse(changedSinceText);
  if (Number.isNaN(changedSince))
    return { ok: false, fault: faults.invalidProperty(`Invalid date for changedSince: ${changedSinceText}`) };
  if (changedSince < options.now.getTime() - lookBackDays * 86_400_000) {
    return {
      ok: false,
      fault: faults.businessValidation(
        `Operation cdc with changedSince date ${changedSinceText} which is older than fixed days is not supported.`,
      ),
    };
  }

  type Found = { type: string; row: Row; at: number };
  const found: Found[] = [];
  for (const requested of entities) {
    const key = requested.toLowerCase();
    if (unsupported.has(key)) return { ok: false, fault: faults.unsupported(`cdc for ${requested}`) };
    const rows = collectionOf(company, key);
    if (!rows) return { ok: false, fault: faults.invalidProperty(`Unknown entity in cdc: ${requested}`) };
    const type = pascal[key]!;
    for (const row of rows) if (changedAt(row) >= changedSince) found.push({ type, row, at: changedAt(row) });
    for (const tombstone of receivablesOf(company).tombstones) {
      if (tombstone.entityName === type && tombstone.deletedAt >= changedSince) {
        found.push({
          type,
          at: tombstone.deletedAt,
          row: {
            domain: 'QBO',
            status: 'Deleted',
            Id: tombstone.Id,
            MetaData: { LastUpdatedTime: tombstone.LastUpdatedTime },
          },
        });
      }
    }
  }
  // More than QuickBooks answers in one response: it keeps 1,000 and says nothing of the rest.
  found.sort((a, b) => (options.keep === 'oldest' ? a.at - b.at : b.at - a.at));
  const kept = found.slice(0, options.maxObjects);
  const responses: QboCdcQueryResponse[] = entities.map((requested) => {
    const type = pascal[requested.toLowerCase()]!;
    const rows = kept.filter((entry) => entry.type === type).map((entry) => entry.row);
    return rows.length === 0
      ? {}
      : { [type]: rows, startPosition: 1, maxResults: rows.length, totalCount: rows.length };
  });
  return { ok: true, body: { CDCResponse: [{ QueryResponse: responses }], time: formatQboTime(options.now) } };
}
