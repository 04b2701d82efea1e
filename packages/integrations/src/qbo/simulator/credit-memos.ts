import type { QboCreditMemo, QboSalesItemLine } from '../entities';
import { roundToCents } from './receivables-state';
import { isRecord, requestWithCustomer, type WriteOutcome } from './request-fields';
import { buildSalesLine } from './sales-lines';
import type { CompanyState } from './state';
import { companyDate, faults, formatQboTime } from './wire-format';

// Credit memos (reference/quickbooks-after-invoice.md §5.2): create, read and query, with the
// fields QuickBooks adds. Applying one to an invoice (a $0 Payment) is not simulated here.

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
  const request = requestWithCustomer(input, company);
  if (!request.ok) return request;
  const { fields, customer } = request.entity;
  if (!Array.isArray(fields.Line) || fields.Line.length === 0)
    return { ok: false, fault: faults.missingParameter('Line') };
  const lines: QboSalesItemLine[] = [];
  for (const [index, raw] of fields.Line.entries()) {
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
    typeof fields.DocNumber === 'string' && fields.DocNumber !== ''
      ? fields.DocNumber
      : String(company.nextDocNumber++);
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
    TxnDate: typeof fields.TxnDate === 'string' ? fields.TxnDate : companyDate(options.now),
    CustomerRef: { value: customer.Id, name: customer.DisplayName },
    Line: [...lines, { DetailType: 'SubTotalLineDetail', Amount: total, SubTotalLineDetail: {} }],
    TotalAmt: total,
    Balance: total,
    RemainingCredit: total,
    ApplyTaxAfterDiscount: false,
    PrintStatus: 'NeedToPrint',
    EmailStatus: 'NotSet',
    TxnTaxDetail: { TotalTax: 0 },
    ...(isRecord(fields.CustomerMemo) && typeof fields.CustomerMemo.value === 'string'
      ? { CustomerMemo: { value: fields.CustomerMemo.value } }
      : {}),
    ...(typeof fields.PrivateNote === 'string' ? { PrivateNote: fields.PrivateNote } : {}),
    MetaData: { CreateTime: stamp, LastUpdatedTime: stamp },
  };
  company.nextInvoiceId += 1;
  memos.push(memo);
  customer.Balance = roundToCents((customer.Balance ?? 0) - total);
  return { ok: true, entity: memo };
}
