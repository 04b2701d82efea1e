import type { QboInvoice } from '../entities';
import type { QboPayment, QboPaymentLine } from '../receivable-entities';
import {
  addTombstone,
  adjustCustomerBalance,
  findInvoice,
  receivablesOf,
  roundToCents,
  touch,
} from './receivables-state';
import { isRecord, requestWithCustomer, type WriteOutcome } from './request-fields';
import type { CompanyState } from './state';
import { companyDate, faults, formatQboTime } from './wire-format';
import type { WebhookChange } from '../webhook-format';

// Payments as QuickBooks applies them (reference §3): lines link invoices, each line lowers that
// invoice's balance, the invoice gains a LinkedTxn and a new SyncToken; deleting or voiding the
// payment gives the balance back.

export type PaymentWrite = WriteOutcome<QboPayment> & { changes?: Array<Omit<WebhookChange, 'realmId'>> };

/** A payment's change and the updates of the invoices it touched, as the webhook reports them. */
function paymentChanges(
  paymentId: string,
  operation: string,
  invoiceIds: Iterable<string>,
  now: Date,
): NonNullable<PaymentWrite['changes']> {
  return [
    { entityName: 'Payment', entityId: paymentId, operation, occurredAt: now },
    ...[...invoiceIds].map((invoiceId) => ({
      entityName: 'Invoice',
      entityId: invoiceId,
      operation: 'Update',
      occurredAt: now,
    })),
  ];
}

function lineEx(invoice: QboInvoice, openBalance: number) {
  const pair = (name: string, value: string) => ({
    name: '{http://schema.intuit.com/finance/v3}NameValue',
    nil: false,
    value: { Name: name, Value: value },
    declaredType: 'com.intuit.schema.finance.v3.NameValue',
    scope: 'javax.xml.bind.JAXBElement$GlobalScope',
    globalScope: true,
    typeSubstituted: false,
  });
  return {
    any: [
      pair('txnId', invoice.Id),
      pair('txnOpenBalance', openBalance.toFixed(2)),
      pair('txnReferenceNumber', invoice.DocNumber),
    ],
  };
}

function linkedInvoiceIds(payment: QboPayment): string[] {
  return payment.Line.flatMap((line) =>
    line.LinkedTxn.filter((link) => link.TxnType === 'Invoice').map((link) => link.TxnId),
  );
}

/** Gives each linked invoice back what this payment applied to it. */
function unapply(payment: QboPayment, company: CompanyState, now: Date): string[] {
  const touched: string[] = [];
  for (const line of payment.Line) {
    for (const link of line.LinkedTxn) {
      if (link.TxnType !== 'Invoice') continue;
      const invoice = findInvoice(company, link.TxnId);
      if (!invoice) continue;
      invoice.Balance = roundToCents(invoice.Balance + line.Amount);
      invoice.LinkedTxn = ((invoice.LinkedTxn ?? []) as QboPayment['Line'][number]['LinkedTxn']).filter(
        (candidate) => !(candidate.TxnType === 'Payment' && candidate.TxnId === payment.Id),
      );
      adjustCustomerBalance(company, invoice.CustomerRef.value, line.Amount);
      touch(invoice, now);
      touched.push(invoice.Id);
    }
  }
  return touched;
}

/**
 * Creates a payment. Each line's Amount must not exceed its invoice's open balance, the lines
 * together not the payment's TotalAmt; what is left over is UnappliedAmt (a customer credit).
 */
export function createPayment(input: unknown, company: CompanyState, now: Date): PaymentWrite {
  const request = requestWithCustomer(input, company);
  if (!request.ok) return request;
  const { fields, customer } = request.entity;
  if (typeof fields.TotalAmt !== 'number' || !Number.isFinite(fields.TotalAmt) || fields.TotalAmt < 0)
    return { ok: false, fault: faults.missingParameter('TotalAmt') };
  const rawLines = Array.isArray(fields.Line) ? fields.Line : [];
  const planned: Array<{ invoice: QboInvoice; amount: number }> = [];
  for (const raw of rawLines) {
    if (!isRecord(raw) || typeof raw.Amount !== 'number' || !(raw.Amount > 0))
      return { ok: false, fault: faults.missingParameter('Line.Amount') };
    const link = Array.isArray(raw.LinkedTxn) && isRecord(raw.LinkedTxn[0]) ? raw.LinkedTxn[0] : null;
    if (!link || link.TxnType !== 'Invoice') return { ok: false, fault: faults.missingParameter('Line.LinkedTxn') };
    const invoice = findInvoice(company, String(link.TxnId));
    if (!invoice)
      return { ok: false, fault: faults.invalidReference(`Invoice elements id ${String(link.TxnId)} not found`) };
    if (invoice.CustomerRef.value !== customer.Id)
      return { ok: false, fault: faults.businessValidation(`Invoice ${invoice.Id} belongs to another customer`) };
    const alreadyPlanned = planned
      .filter((entry) => entry.invoice === invoice)
      .reduce((sum, entry) => sum + entry.amount, 0);
    if (roundToCents(raw.Amount + alreadyPlanned) > invoice.Balance) {
      return {
        ok: false,
        fault: faults.businessValidation(
          `The payment amount ${raw.Amount.toFixed(2)} exceeds the open balance ${invoice.Balance.toFixed(2)} of invoice ${invoice.DocNumber}`,
        ),
      };
    }
    planned.push({ invoice, amount: roundToCents(raw.Amount) });
  }
  const applied = roundToCents(planned.reduce((sum, entry) => sum + entry.amount, 0));
  if (applied > roundToCents(fields.TotalAmt))
    return { ok: false, fault: faults.businessValidation('The lines apply more than the payment total (TotalAmt)') };

  const state = receivablesOf(company);
  const stamp = formatQboTime(now, false);
  const id = String(state.nextPaymentId);
  state.nextPaymentId += 1;
  const lines: QboPaymentLine[] = planned.map(({ invoice, amount }) => {
    const line = {
      Amount: amount,
      LineEx: lineEx(invoice, invoice.Balance),
      LinkedTxn: [{ TxnId: invoice.Id, TxnType: 'Invoice' }],
    };
    invoice.Balance = roundToCents(invoice.Balance - amount);
    invoice.LinkedTxn = [
      ...((invoice.LinkedTxn ?? []) as Array<{ TxnId: string; TxnType: string }>),
      { TxnId: id, TxnType: 'Payment' },
    ];
    adjustCustomerBalance(company, customer.Id, -amount);
    touch(invoice, now);
    return line;
  });
  const payment: QboPayment = {
    Id: id,
    SyncToken: '0',
    domain: 'QBO',
    sparse: false,
    TxnDate: typeof fields.TxnDate === 'string' ? fields.TxnDate : companyDate(now),
    TotalAmt: roundToCents(fields.TotalAmt),
    UnappliedAmt: roundToCents(fields.TotalAmt - applied),
    ProcessPayment: false,
    CustomerRef: { value: customer.Id, name: customer.DisplayName },
    DepositToAccountRef: { value: '4' },
    Line: lines,
    ...(typeof fields.PaymentRefNum === 'string' ? { PaymentRefNum: fields.PaymentRefNum } : {}),
    MetaData: { CreateTime: stamp, LastUpdatedTime: stamp },
  };
  state.payments.push(payment);
  return {
    ok: true,
    entity: payment,
    changes: paymentChanges(id, 'Create', new Set(planned.map((entry) => entry.invoice.Id)), now),
  };
}

function paymentToChange(input: unknown, company: CompanyState): WriteOutcome<QboPayment> {
  if (!isRecord(input))
    return { ok: false, fault: faults.invalidProperty('Request has invalid or unsupported property') };
  if (input.Id === undefined) return { ok: false, fault: faults.missingParameter('Id') };
  if (input.SyncToken === undefined) return { ok: false, fault: faults.missingParameter('SyncToken') };
  const payment = receivablesOf(company).payments.find((candidate) => candidate.Id === String(input.Id));
  if (!payment) return { ok: false, fault: faults.objectNotFound(`Payment ${String(input.Id)}`) };
  if (String(input.SyncToken) !== payment.SyncToken) return { ok: false, fault: faults.staleObject() };
  return { ok: true, entity: payment };
}

/** Deletes a payment (hard, as every transaction): its invoices get their balance back. */
export function deletePayment(input: unknown, company: CompanyState, now: Date): PaymentWrite {
  const found = paymentToChange(input, company);
  if (!found.ok) return found;
  const payment = found.entity;
  const invoiceIds = unapply(payment, company, now);
  const state = receivablesOf(company);
  state.payments = state.payments.filter((candidate) => candidate !== payment);
  addTombstone(company, 'Payment', payment.Id, now);
  return {
    ok: true,
    entity: { ...payment, status: 'Deleted' },
    changes: paymentChanges(payment.Id, 'Delete', invoiceIds, now),
  };
}

/** Voids a payment: it stays, at 0 with no lines and "Voided" in its note; invoices get their balance back. */
export function voidPayment(input: unknown, company: CompanyState, now: Date): PaymentWrite {
  const found = paymentToChange(input, company);
  if (!found.ok) return found;
  const payment = found.entity;
  const invoiceIds = unapply(payment, company, now);
  payment.Line = [];
  payment.TotalAmt = 0;
  payment.UnappliedAmt = 0;
  payment.PrivateNote = payment.PrivateNote ? `Voided - ${payment.PrivateNote}` : 'Voided';
  touch(payment, now);
  return {
    ok: true,
    entity: payment,
    changes: paymentChanges(payment.Id, 'Void', invoiceIds, now),
  };
}

export { linkedInvoiceIds };
