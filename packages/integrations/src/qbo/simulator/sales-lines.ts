// A sales line of an invoice or credit memo, checked and completed as QuickBooks does: the item
// (its "Services" item when none is named), Amount = Qty × UnitPrice to the cent, the missing
// one of Qty and UnitPrice worked out, the tax code and service date kept.
import type { QboSalesItemLine } from '../entities';
import { isRecord, refValue, validDate, type WriteOutcome } from './request-fields';
import { roundToCents } from './receivables-state';
import type { CompanyState } from './state';
import { faults } from './wire-format';

/** A JSON number as an exact decimal: digits and scale ("0.0375" → 375n, 4). */
function exactDecimal(value: number): { digits: bigint; scale: number } | null {
  const text = String(value);
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null; // exponent forms: leave to floating point
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const digits = BigInt(`${whole}${fraction}`);
  return { digits: negative ? -digits : digits, scale: fraction.length };
}

/**
 * Qty × UnitPrice in whole cents, rounded half-up in decimal as QuickBooks does (floating point
 * would turn 6 × 0.0375 = 0.225 into 0.2249999… and round it the wrong way).
 */
function productInCents(quantity: number, unitPrice: number): number {
  const a = exactDecimal(quantity);
  const b = exactDecimal(unitPrice);
  if (!a || !b) return Math.round(quantity * unitPrice * 100);
  const product = a.digits * b.digits;
  const scale = a.scale + b.scale;
  if (scale <= 2) return Number(product * 10n ** BigInt(2 - scale));
  const divisor = 10n ** BigInt(scale - 2);
  const magnitude = product < 0n ? -product : product;
  const rounded = (magnitude + divisor / 2n) / divisor;
  return Number(product < 0n ? -rounded : rounded);
}

/** Amounts QuickBooks prints in fault details use thousands separators, e.g. "1,000". */
function suppliedValue(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

export function buildSalesLine(
  raw: Record<string, unknown>,
  index: number,
  company: CompanyState,
): WriteOutcome<QboSalesItemLine> {
  const detail = isRecord(raw.SalesItemLineDetail) ? raw.SalesItemLineDetail : {};
  const amount = raw.Amount;
  if (typeof amount !== 'number' || !Number.isFinite(amount))
    return { ok: false, fault: faults.missingParameter('Line.Amount') };

  // QuickBooks falls back to its "Services" item when a sales line names none.
  const itemId = refValue(detail.ItemRef) ?? '1';
  const item = company.items.find((candidate) => candidate.Id === itemId);
  if (!item) return { ok: false, fault: faults.invalidReference(`Item elements id ${itemId} not found`) };
  if (item.Active === false) return { ok: false, fault: faults.objectNotFound(`Item ${itemId}`) };

  let quantity = typeof detail.Qty === 'number' ? detail.Qty : undefined;
  let unitPrice = typeof detail.UnitPrice === 'number' ? detail.UnitPrice : undefined;
  if (quantity !== undefined && unitPrice !== undefined) {
    if (productInCents(quantity, unitPrice) !== Math.round(amount * 100)) {
      return {
        ok: false,
        fault: faults.amountNotPriceTimesQuantity(suppliedValue(amount)),
      };
    }
  } else if (quantity !== undefined && quantity !== 0) {
    unitPrice = roundToCents(amount / quantity);
  } else if (unitPrice !== undefined && unitPrice !== 0) {
    quantity = amount / unitPrice;
  }

  // A missing code is the company's business (applyCompanyTax): NON in the US, refused elsewhere.
  const taxCode = refValue(detail.TaxCodeRef);
  const line: QboSalesItemLine = {
    Id: String(index + 1),
    LineNum: index + 1,
    DetailType: 'SalesItemLineDetail',
    Amount: roundToCents(amount),
    ...(typeof raw.Description === 'string' ? { Description: raw.Description } : {}),
    SalesItemLineDetail: {
      ItemRef: { value: item.Id, name: item.Name },
      ...(quantity !== undefined ? { Qty: quantity } : {}),
      ...(unitPrice !== undefined ? { UnitPrice: unitPrice } : {}),
      ...(taxCode !== undefined ? { TaxCodeRef: { value: taxCode } } : {}),
      ...(typeof detail.ServiceDate === 'string' ? { ServiceDate: detail.ServiceDate } : {}),
    },
  };
  if (line.SalesItemLineDetail.ServiceDate !== undefined && !validDate(line.SalesItemLineDetail.ServiceDate)) {
    return {
      ok: false,
      fault: faults.invalidProperty(`Invalid date for ServiceDate: ${line.SalesItemLineDetail.ServiceDate}`),
    };
  }
  return { ok: true, entity: line };
}
