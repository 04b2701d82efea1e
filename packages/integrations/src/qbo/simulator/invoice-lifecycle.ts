import type { QboInvoice } from '../entities';
import type { WebhookChange } from '../webhook-format';
import { deleteInvoice, voidInvoice, type DeletedInvoice } from './company-writes';
import { addTombstone, findInvoice, linkedPaymentIds, receivablesOf, touch } from './receivables-state';
import { isRecord, type WriteOutcome } from './request-fields';
import type { CompanyState } from './state';
import { companyDate, faults, formatQboTime } from './wire-format';

// An invoice's life after it was created, as QuickBooks plays it: void, delete (refused while a
// payment is applied: "unlink any linked transactions first"), and e-mailing it with `send`.

export type Change = Omit<WebhookChange, 'realmId'>;
export type LifecycleWrite<T> = WriteOutcome<T> & { changes?: Change[] };

function paymentsBlock(input: unknown, company: CompanyState, what: string): WriteOutcome<never> | null {
  const invoice = isRecord(input) ? findInvoice(company, String(input.Id ?? '')) : undefined;
  const payments = invoice ? linkedPaymentIds(invoice) : [];
  if (payments.length === 0) return null;
  return {
    ok: false,
    fault: faults.businessValidation(
      `Invoice ${invoice!.DocNumber} has payments applied (${payments.join(', ')}): delete or void them before you ${what} it`,
    ),
  };
}

export function voidInvoiceWithChanges(input: unknown, company: CompanyState, now: Date): LifecycleWrite<QboInvoice> {
  const blocked = paymentsBlock(input, company, 'void');
  if (blocked) return blocked;
  const outcome = voidInvoice(input, company, { now });
  if (!outcome.ok) return outcome;
  return {
    ...outcome,
    changes: [{ entityName: 'Invoice', entityId: outcome.entity.Id, operation: 'Void', occurredAt: now }],
  };
}

export function deleteInvoiceWithChanges(
  input: unknown,
  company: CompanyState,
  now: Date,
): LifecycleWrite<DeletedInvoice> {
  const blocked = paymentsBlock(input, company, 'delete');
  if (blocked) return blocked;
  const outcome = deleteInvoice(input, company);
  if (!outcome.ok) return outcome;
  addTombstone(company, 'Invoice', outcome.entity.Id, now);
  return {
    ...outcome,
    changes: [{ entityName: 'Invoice', entityId: outcome.entity.Id, operation: 'Delete', occurredAt: now }],
  };
}

const emailPattern = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

/**
 * `POST invoice/{id}/send[?sendTo=]`: EmailStatus EmailSent, DeliveryInfo {Email, time}, BillEmail
 * set to sendTo when given. Refused without any address, for a malformed one (code 2210), and past
 * the sandbox's e-mails per day per company.
 */
export function sendInvoice(
  id: string,
  sendTo: string | null,
  company: CompanyState,
  options: { now: Date; emailsPerDay: number },
): LifecycleWrite<QboInvoice> {
  const invoice = findInvoice(company, id);
  if (!invoice) return { ok: false, fault: faults.objectNotFound(`Invoice ${id}`) };
  const address = sendTo ?? invoice.BillEmail?.Address ?? null;
  if (!address) return { ok: false, fault: faults.missingParameter('BillEmail') };
  if (!emailPattern.test(address)) {
    return {
      ok: false,
      fault: faults.invalidEmail(address),
    };
  }
  const state = receivablesOf(company);
  const today = companyDate(options.now);
  if (state.emails.day !== today) state.emails = { day: today, count: 0 };
  if (state.emails.count >= options.emailsPerDay) {
    return {
      ok: false,
      fault: faults.businessValidation(
        `This company has sent its ${options.emailsPerDay} e-mails for today; try again tomorrow`,
      ),
    };
  }
  state.emails.count += 1;
  if (sendTo) invoice.BillEmail = { Address: sendTo };
  invoice.EmailStatus = 'EmailSent';
  invoice.DeliveryInfo = { DeliveryType: 'Email', DeliveryTime: formatQboTime(options.now, false) };
  touch(invoice, options.now);
  return {
    ok: true,
    entity: invoice,
    changes: [{ entityName: 'Invoice', entityId: invoice.Id, operation: 'Emailed', occurredAt: options.now }],
  };
}

/** Invoices created since the last call (by any write path): each one's Invoice/Create. */
export function unannouncedInvoices(company: CompanyState): Change[] {
  const state = receivablesOf(company);
  const fresh = company.invoices.filter((invoice) => Number(invoice.Id) > state.announcedThrough);
  if (fresh.length === 0) return [];
  state.announcedThrough = Math.max(...fresh.map((invoice) => Number(invoice.Id)));
  return fresh.map((invoice) => ({
    entityName: 'Invoice',
    entityId: invoice.Id,
    operation: 'Create',
    occurredAt: new Date(Date.parse(invoice.MetaData.CreateTime)),
  }));
}
