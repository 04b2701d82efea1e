import type { QboInvoice, QboInvoiceLine, QboItem } from '../entities';
import { adjustCustomerBalance, roundToCents } from './receivables-state';
import { isRecord, refValue, validDate, type WriteOutcome } from './request-fields';
import { buildSalesLine } from './sales-lines';
import type { CompanyState } from './state';
import { applyCompanyTax, defaultCompanyTax } from './tax-codes';
import { dueDateUnder, termFor } from './terms';
import { companyDate, faults, formatQboTime } from './wire-format';

// The business rules QuickBooks applies when invoices and items are created.

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
      fault: faults.duplicateName(),
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

/**
 * Voids an invoice as QuickBooks does: it stays, with every amount, the total and the balance
 * at zero, "Voided" in front of its private note, and a new SyncToken.
 */
export function voidInvoice(input: unknown, company: CompanyState, options: { now: Date }): WriteOutcome<QboInvoice> {
  const found = invoiceToChange(input, company);
  if (!found.ok) return found;
  const invoice = found.entity;
  adjustCustomerBalance(company, invoice.CustomerRef.value, -invoice.Balance);
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
  adjustCustomerBalance(company, invoice.CustomerRef.value, -invoice.Balance);
  company.invoices = company.invoices.filter((candidate) => candidate !== invoice);
  return { ok: true, entity: { status: 'Deleted', domain: 'QBO', Id: invoice.Id } };
}
