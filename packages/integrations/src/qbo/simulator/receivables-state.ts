import type { QboInvoice } from '../entities';
import type { QboPayment } from '../receivable-entities';
import type { CompanyState } from './state';
import { formatQboTime } from './wire-format';

// What the simulated company remembers after its invoices were created: payments, the tombstones
// of deleted transactions (CDC returns them for 30 days), e-mails sent today, and which invoices it
// has already announced. Kept inside the company's JSON state, so it persists with it.

export type Tombstone = {
  entityName: 'Invoice' | 'Payment' | 'CreditMemo';
  Id: string;
  LastUpdatedTime: string;
  deletedAt: number;
};

export type ReceivablesState = {
  payments: QboPayment[];
  nextPaymentId: number;
  tombstones: Tombstone[];
  emails: { day: string; count: number };
  /** Invoices with a numeric Id above this have not been announced (Invoice/Create) yet. */
  announcedThrough: number;
};

type CompanyWithReceivables = CompanyState & { receivables?: ReceivablesState };

const tombstoneDays = 31;

/** The company's receivables state, created on first use (older state files have none). */
export function receivablesOf(company: CompanyState): ReceivablesState {
  const holder = company as CompanyWithReceivables;
  holder.receivables ??= {
    payments: [],
    nextPaymentId: 300,
    tombstones: [],
    emails: { day: '', count: 0 },
    announcedThrough: company.nextInvoiceId - 1,
  };
  return holder.receivables;
}

export const roundToCents = (value: number) => Math.round(value * 100) / 100;

/** Marks a transaction changed now: SyncToken + 1 and LastUpdatedTime, as QuickBooks does. */
export function touch(
  entity: { SyncToken: string; MetaData: { CreateTime: string; LastUpdatedTime: string } },
  now: Date,
): void {
  entity.SyncToken = String(Number(entity.SyncToken) + 1);
  entity.MetaData = { ...entity.MetaData, LastUpdatedTime: formatQboTime(now, false) };
}

export function addTombstone(company: CompanyState, entityName: Tombstone['entityName'], id: string, now: Date): void {
  const state = receivablesOf(company);
  const cutoff = now.getTime() - tombstoneDays * 86_400_000;
  state.tombstones = state.tombstones.filter((tombstone) => tombstone.deletedAt >= cutoff);
  state.tombstones.push({ entityName, Id: id, LastUpdatedTime: formatQboTime(now, false), deletedAt: now.getTime() });
}

export function adjustCustomerBalance(company: CompanyState, customerId: string, change: number): void {
  const customer = company.customers.find((candidate) => candidate.Id === customerId);
  if (customer) customer.Balance = roundToCents((customer.Balance ?? 0) + change);
}

export function findInvoice(company: CompanyState, id: string): QboInvoice | undefined {
  return company.invoices.find((invoice) => invoice.Id === id);
}

/** The Ids of the payments applied to an invoice, from its LinkedTxn. */
export function linkedPaymentIds(invoice: QboInvoice): string[] {
  const linked = (invoice.LinkedTxn ?? []) as Array<{ TxnId: string; TxnType: string }>;
  return linked.filter((link) => link.TxnType === 'Payment').map((link) => link.TxnId);
}

/** A voided invoice keeps "Voided" in front of its private note. */
export function isVoided(invoice: QboInvoice): boolean {
  return /^Voided\b/.test(invoice.PrivateNote ?? '');
}
