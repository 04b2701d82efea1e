import type { QboInvoice, QboInvoiceLine, QboItem, QboSalesItemLine } from '../entities';
import type { CompanyState } from './state';
import { applyCompanyTax, defaultCompanyTax } from './tax-codes';
import { dueDateUnder, termFor } from './terms';
import { companyDate, faults, formatQboTime, type FaultSpec } from './wire-format';

// The business rules QuickBooks applies when invoices and items are created.

export type WriteOutcome<T> = { ok: true; entity: T } | { ok: false; fault: FaultSpec };

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const roundToCents = (value: number) => Math.round(value * 100) / 100;

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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function refValue(value: unknown): string | undefined {
  if (!isRecord(value)) return undefined;
  const id = value.value;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

function validDate(value: unknown): boolean {
  return typeof value === 'string' && isoDate.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
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
        fault: {
          status: 400,
          type: 'ValidationFault',
          code: '6070',
          message: 'Amount is not equal to UnitPrice * Qty',
          detail: `Amount is not equal to UnitPrice * Qty. Supplied value:${suppliedValue(amount)}`,
        },
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

/**
 * Validates an invoice create request the way QuickBooks does (references, lines,
 * Amount = Qty × UnitPrice, DocNumber length and uniqueness) and, when it passes, stores the
 * invoice with the fields QuickBooks adds.
 */
export function createInvoice(
  input: unknown,
  company: CompanyState,
  options: { now: Date; allowDuplicateDocNumber: boolean },
): WriteOutcome<QboInvoice> {
  if (!isRecord(input))
    return { ok: false, fault: faults.invalidProperty('Request has invalid or unsupported property') };

  const customerId = refValue(input.CustomerRef);
  if (customerId === undefined) return { ok: false, fault: faults.missingParameter('CustomerRef') };
  const customer = company.customers.find((candidate) => candidate.Id === customerId);
  if (!customer) return { ok: false, fault: faults.invalidReference(`Names element id ${customerId} not found`) };
  if (customer.Active === false) return { ok: false, fault: faults.objectNotFound(`Customer ${customerId}`) };

  if (!Array.isArray(input.Line) || input.Line.length === 0)
    return { ok: false, fault: faults.missingParameter('Line') };
  const lines: QboInvoiceLine[] = [];
  for (const [index, rawLine] of input.Line.entries()) {
    if (!isRecord(rawLine)) return { ok: false, fault: faults.invalidProperty(`Line ${index + 1} is not an object`) };
    if (rawLine.DetailType === 'SalesItemLineDetail') {
      const built = buildSalesLine(rawLine, index, company);
      if (!built.ok) return built;
      lines.push(built.entity);
    } else if (rawLine.DetailType === 'DescriptionOnly') {
      lines.push({
        Id: String(index + 1),
        LineNum: index + 1,
        DetailType: 'DescriptionOnly',
        ...(typeof rawLine.Description === 'string' ? { Description: rawLine.Description } : {}),
        DescriptionLineDetail: {},
      });
    } else {
      return {
        ok: false,
        fault: faults.invalidProperty(
          `Property Name:DetailType specified is unsupported or invalid: ${String(rawLine.DetailType)}`,
        ),
      };
    }
  }

  const taxed = applyCompanyTax(lines, company.tax ?? defaultCompanyTax());
  if (!taxed.ok) return taxed;

  for (const field of ['TxnDate', 'DueDate'] as const) {
    if (input[field] !== undefined && !validDate(input[field])) {
      return { ok: false, fault: faults.invalidProperty(`Invalid date for ${field}: ${String(input[field])}`) };
    }
  }
  if (typeof input.PrivateNote === 'string' && input.PrivateNote.length > 4000) {
    return {
      ok: false,
      fault: faults.businessValidation(
        `String length is either shorter or longer than supported by specification. Min:0 Max:4000 supported. Supplied length:${input.PrivateNote.length}`,
      ),
    };
  }

  const docNumberTaken = (docNumber: string) => company.invoices.find((invoice) => invoice.DocNumber === docNumber);
  let docNumber: string;
  if (input.DocNumber !== undefined && input.DocNumber !== '') {
    docNumber = String(input.DocNumber);
    if (docNumber.length > 21) {
      return { ok: false, fault: faults.docNumberTooLong(docNumber.length) };
    }
    const holder = docNumberTaken(docNumber);
    if (holder && !options.allowDuplicateDocNumber) {
      return { ok: false, fault: faults.duplicateDocNumber(docNumber, 'Invoice', holder.Id) };
    }
  } else {
    while (docNumberTaken(String(company.nextDocNumber))) company.nextDocNumber += 1;
    docNumber = String(company.nextDocNumber);
    company.nextDocNumber += 1;
  }

  const subtotal = roundToCents(
    lines.reduce((sum, line) => sum + (line.DetailType === 'SalesItemLineDetail' ? line.Amount : 0), 0),
  );
  const total = roundToCents(subtotal + taxed.tax.TotalTax);
  const txnDate = typeof input.TxnDate === 'string' ? input.TxnDate : companyDate(options.now);
  // Without a DueDate: the invoice's terms, else the customer's, else the company's (terms.ts).
  const term = termFor(refValue(input.SalesTermRef), customer);
  const stamp = formatQboTime(options.now, false);
  const billEmail =
    isRecord(input.BillEmail) && typeof input.BillEmail.Address === 'string'
      ? { Address: input.BillEmail.Address }
      : customer.PrimaryEmailAddr?.Address
        ? { Address: customer.PrimaryEmailAddr.Address }
        : undefined;

  const invoice: QboInvoice = {
    Id: String(company.nextInvoiceId),
    SyncToken: '0',
    domain: 'QBO',
    sparse: false,
    Deposit: 0,
    AllowIPNPayment: false,
    AllowOnlinePayment: false,
    AllowOnlineCreditCardPayment: false,
    AllowOnlineACHPayment: false,
    MetaData: { CreateTime: stamp, LastUpdatedTime: stamp },
    CustomField: [],
    DocNumber: docNumber,
    TxnDate: txnDate,
    CurrencyRef: { value: 'USD', name: 'United States Dollar' },
    LinkedTxn: [],
    Line: [...lines, { DetailType: 'SubTotalLineDetail', Amount: subtotal, SubTotalLineDetail: {} }],
    TxnTaxDetail: taxed.tax,
    CustomerRef: { value: customer.Id, name: customer.DisplayName },
    ...(isRecord(input.CustomerMemo) && typeof input.CustomerMemo.value === 'string'
      ? { CustomerMemo: { value: input.CustomerMemo.value } }
      : {}),
    ...(typeof input.PrivateNote === 'string' ? { PrivateNote: input.PrivateNote } : {}),
    ...(customer.BillAddr ? { BillAddr: { ...customer.BillAddr } } : {}),
    ...(customer.ShipAddr ? { ShipAddr: { ...customer.ShipAddr } } : {}),
    SalesTermRef: { value: term.Id, name: term.Name },
    DueDate: typeof input.DueDate === 'string' ? input.DueDate : dueDateUnder(term, txnDate),
    TotalAmt: total,
    ApplyTaxAfterDiscount: false,
    PrintStatus: 'NeedToPrint',
    EmailStatus: 'NotSet',
    ...(billEmail ? { BillEmail: billEmail } : {}),
    Balance: total,
  };
  company.nextInvoiceId += 1;
  company.invoices.push(invoice);
  customer.Balance = roundToCents((customer.Balance ?? 0) + total);
  return { ok: true, entity: invoice };
}

/** Creates an item; Service and Inventory items need an income account, names are unique. */
export function createItem(input: unknown, company: CompanyState, options: { now: Date }): WriteOutcome<QboItem> {
  if (!isRecord(input))
    return { ok: false, fault: faults.invalidProperty('Request has invalid or unsupported property') };
  if (typeof input.Name !== 'string' || input.Name.trim() === '')
    return { ok: false, fault: faults.missingParameter('Name') };
  const name = input.Name.trim();
  if (name.length > 100) {
    return {
      ok: false,
      fault: faults.businessValidation(
        `String length is either shorter or longer than supported by specification. Min:1 Max:100 supported. Supplied length:${name.length}`,
      ),
    };
  }
  if (company.items.some((item) => item.Name.toLowerCase() === name.toLowerCase())) {
    return {
      ok: false,
      fault: {
        status: 400,
        type: 'ValidationFault',
        code: '6240',
        message: 'Duplicate Name Exists Error',
        detail:
          'The name supplied already exists. : Another product or service is already using this name. Please use a different name.',
      },
    };
  }
  const type = input.Type ?? 'Service';
  if (!['Service', 'NonInventory', 'Inventory'].includes(String(type))) {
    return {
      ok: false,
      fault: faults.invalidProperty(`Property Name:Type specified is unsupported or invalid: ${String(type)}`),
    };
  }
  const accountId = refValue(input.IncomeAccountRef);
  if (accountId === undefined && type !== 'NonInventory')
    return { ok: false, fault: faults.missingParameter('IncomeAccountRef') };
  const account =
    accountId === undefined ? undefined : company.accounts.find((candidate) => candidate.Id === accountId);
  if (accountId !== undefined && !account)
    return { ok: false, fault: faults.invalidReference(`Account element id ${accountId} not found`) };

  const stamp = formatQboTime(options.now, false);
  const item: QboItem = {
    Id: String(company.nextItemId),
    SyncToken: '0',
    Name: name,
    FullyQualifiedName: name,
    Type: type as QboItem['Type'],
    Active: true,
    Taxable: input.Taxable === true,
    UnitPrice: typeof input.UnitPrice === 'number' ? input.UnitPrice : 0,
    ...(typeof input.Description === 'string' ? { Description: input.Description } : {}),
    ...(account ? { IncomeAccountRef: { value: account.Id, name: account.Name } } : {}),
    domain: 'QBO',
    sparse: false,
    MetaData: { CreateTime: stamp, LastUpdatedTime: stamp },
  };
  company.nextItemId += 1;
  company.items.push(item);
  return { ok: true, entity: item };
}

export type DeletedInvoice = { status: 'Deleted'; domain: 'QBO'; Id: string };

/**
 * The invoice a void or delete request names, checked as QuickBooks checks it: Id and SyncToken
 * are required, an unknown (or already deleted) Id is 610, a SyncToken other than the current
 * one is 5010 (someone changed the invoice since it was read).
 */
function invoiceToChange(input: unknown, company: CompanyState): WriteOutcome<QboInvoice> {
  if (!isRecord(input))
    return { ok: false, fault: faults.invalidProperty('Request has invalid or unsupported property') };
  if (typeof input.Id !== 'string' && typeof input.Id !== 'number')
    return { ok: false, fault: faults.missingParameter('Id') };
  if (typeof input.SyncToken !== 'string' && typeof input.SyncToken !== 'number')
    return { ok: false, fault: faults.missingParameter('SyncToken') };
  const id = String(input.Id);
  const invoice = company.invoices.find((candidate) => candidate.Id === id);
  if (!invoice) return { ok: false, fault: faults.objectNotFound(`Invoice ${id}`) };
  if (String(input.SyncToken) !== invoice.SyncToken) return { ok: false, fault: faults.staleObject() };
  return { ok: true, entity: invoice };
}

function adjustCustomerBalance(company: CompanyState, invoice: QboInvoice, change: number): void {
  const customer = company.customers.find((candidate) => candidate.Id === invoice.CustomerRef.value);
  if (customer) customer.Balance = roundToCents((customer.Balance ?? 0) + change);
}

/**
 * Voids an invoice as QuickBooks does: it stays, with every amount, the total and the balance
 * at zero, "Voided" in front of its private note, and a new SyncToken.
 */
export function voidInvoice(input: unknown, company: CompanyState, options: { now: Date }): WriteOutcome<QboInvoice> {
  const found = invoiceToChange(input, company);
  if (!found.ok) return found;
  const invoice = found.entity;
  adjustCustomerBalance(company, invoice, -invoice.Balance);
  invoice.Line = invoice.Line.map((line) => (line.DetailType === 'DescriptionOnly' ? line : { ...line, Amount: 0 }));
  invoice.TotalAmt = 0;
  invoice.Balance = 0;
  invoice.TxnTaxDetail = { TotalTax: 0 };
  invoice.PrivateNote = invoice.PrivateNote ? `Voided - ${invoice.PrivateNote}` : 'Voided';
  invoice.SyncToken = String(Number(invoice.SyncToken) + 1);
  invoice.MetaData = { ...invoice.MetaData, LastUpdatedTime: formatQboTime(options.now, false) };
  return { ok: true, entity: invoice };
}

/** Deletes an invoice: from then on QuickBooks answers 610 for it and queries no longer find it. */
export function deleteInvoice(input: unknown, company: CompanyState): WriteOutcome<DeletedInvoice> {
  const found = invoiceToChange(input, company);
  if (!found.ok) return found;
  const invoice = found.entity;
  adjustCustomerBalance(company, invoice, -invoice.Balance);
  company.invoices = company.invoices.filter((candidate) => candidate !== invoice);
  return { ok: true, entity: { status: 'Deleted', domain: 'QBO', Id: invoice.Id } };
}
