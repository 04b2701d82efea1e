import type { QboCreditMemo, QboSalesItemLine } from '../entities';
import { buildSalesLine, type WriteOutcome } from './company-writes';
import type { CompanyState } from './state';
import { companyDate, faults, formatQboTime } from './wire-format';

// Credit memos (reference/quickbooks-after-invoice.md §5.2): create, read and query, with the
// fields QuickBooks adds. Applying one to an invoice (a $0 Payment) is not simulated here.

const roundToCents = (value: number) => Math.round(value * 100) / 100;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The company's credit memos (created on first use: older state files have none). */
export function creditMemosOf(company: CompanyState): QboCreditMemo[] {
  company.creditMemos ??= [];
  return company.creditMemos;
}

/**
 * Validates a credit memo create request as QuickBooks does (customer, sales lines with
 * Amount = Qty × UnitPrice, DocNumber of at most 21 characters, unique among credit memos) and
 * stores it: TotalAmt, Balance and RemainingCredit are the sum of its lines; the customer's
 * balance goes down by it.
 */
export function createCreditMemo(
  input: unknown,
  company: CompanyState,
  options: { now: Date },
): WriteOutcome<QboCreditMemo> {
  if (!isRecord(input))
    return { ok: false, fault: faults.invalidProperty('Request has invalid or unsupported property') };
  const customerId = isRecord(input.CustomerRef) ? String(input.CustomerRef.value ?? '') : '';
  if (!customerId) return { ok: false, fault: faults.missingParameter('CustomerRef') };
  const customer = company.customers.find((candidate) => candidate.Id === customerId);
  if (!customer) return { ok: false, fault: faults.invalidReference(`Names element id ${customerId} not found`) };
  if (!Array.isArray(input.Line) || input.Line.length === 0)
    return { ok: false, fault: faults.missingParameter('Line') };
  const lines: QboSalesItemLine[] = [];
  for (const [index, raw] of input.Line.entries()) {
    if (!isRecord(raw) || raw.DetailType !== 'SalesItemLineDetail') {
      return {
        ok: false,
        fault: faults.invalidProperty(
          `Property Name:DetailType specified is unsupported or invalid: ${String(isRecord(raw) ? raw.DetailType : raw)}`,
        ),
      };
    }
    const built = buildSalesLine(raw, index, company);
    if (!built.ok) return built;
    lines.push(built.entity);
  }
  const memos = creditMemosOf(company);
  const docNumber =
    typeof input.DocNumber === 'string' && input.DocNumber !== '' ? input.DocNumber : String(company.nextDocNumber++);
  if (docNumber.length > 21) {
    return { ok: false, fault: faults.docNumberTooLong(docNumber.length) };
  }
  const holder = memos.find((memo) => memo.DocNumber === docNumber);
  if (holder) {
    return { ok: false, fault: faults.duplicateDocNumber(docNumber, 'CreditMemo', holder.Id) };
  }
  const total = roundToCents(lines.reduce((sum, line) => sum + line.Amount, 0));
  const stamp = formatQboTime(options.now, false);
  const memo: QboCreditMemo = {
    Id: String(company.nextInvoiceId),
    SyncToken: '0',
    domain: 'QBO',
    sparse: false,
    DocNumber: docNumber,
    TxnDate: typeof input.TxnDate === 'string' ? input.TxnDate : companyDate(options.now),
    CustomerRef: { value: customer.Id, name: customer.DisplayName },
    Line: [...lines, { DetailType: 'SubTotalLineDetail', Amount: total, SubTotalLineDetail: {} }],
    TotalAmt: total,
    Balance: total,
    RemainingCredit: total,
    ApplyTaxAfterDiscount: false,
    PrintStatus: 'NeedToPrint',
    EmailStatus: 'NotSet',
    TxnTaxDetail: { TotalTax: 0 },
    ...(isRecord(input.CustomerMemo) && typeof input.CustomerMemo.value === 'string'
      ? { CustomerMemo: { value: input.CustomerMemo.value } }
      : {}),
    ...(typeof input.PrivateNote === 'string' ? { PrivateNote: input.PrivateNote } : {}),
    MetaData: { CreateTime: stamp, LastUpdatedTime: stamp },
  };
  company.nextInvoiceId += 1;
  memos.push(memo);
  customer.Balance = roundToCents((customer.Balance ?? 0) - total);
  return { ok: true, entity: memo };
}
