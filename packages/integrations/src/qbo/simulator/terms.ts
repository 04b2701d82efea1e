// Payment terms as QuickBooks keeps them (reference §6): the company's Term list, and the due date
// an invoice gets when it names none: from the invoice's SalesTermRef, else the customer's, else the
// company default (Net 30). Standard terms add DueDays to TxnDate; date-driven ones fall on
// DayOfMonthDue, a month later when the invoice is dated within DueNextMonthDays of it.

export type QboTerm = {
  Id: string;
  SyncToken: string;
  Name: string;
  Active: boolean;
  Type: 'STANDARD' | 'DATE_DRIVEN';
  DueDays?: number;
  DayOfMonthDue?: number;
  DueNextMonthDays?: number;
  domain: string;
  sparse: boolean;
};

const term = (Id: string, Name: string, rule: Partial<QboTerm>): QboTerm => ({
  Id,
  SyncToken: '0',
  Name,
  Active: true,
  Type: rule.DayOfMonthDue ? 'DATE_DRIVEN' : 'STANDARD',
  ...rule,
  domain: 'QBO',
  sparse: false,
});

export const SIMULATED_TERMS: readonly QboTerm[] = [
  term('1', 'Due on receipt', { DueDays: 0 }),
  term('2', 'Net 15', { DueDays: 15 }),
  term('3', 'Net 30', { DueDays: 30 }),
  term('4', 'Net 60', { DueDays: 60 }),
  term('5', '1st of next month', { DayOfMonthDue: 1, DueNextMonthDays: 31 }),
];

/** The company default (Preferences.SalesFormsPrefs.DefaultTerms). */
export const DEFAULT_TERM_ID = '3';

function addDays(date: string, days: number): string {
  const result = new Date(`${date}T00:00:00Z`);
  result.setUTCDate(result.getUTCDate() + days);
  return result.toISOString().slice(0, 10);
}

/** The due date of an invoice dated `txnDate` under `term`. */
export function dueDateUnder(term: QboTerm, txnDate: string): string {
  if (term.Type === 'STANDARD') return addDays(txnDate, term.DueDays ?? 0);
  const [year, month, day] = txnDate.split('-').map(Number) as [number, number, number];
  const dueDay = term.DayOfMonthDue ?? 1;
  const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
  const on = (y: number, m: number) =>
    new Date(Date.UTC(y, m - 1, Math.min(dueDay, lastDay(y, m)))).toISOString().slice(0, 10);
  let due = day <= dueDay ? on(year, month) : on(year, month + 1);
  const daysBefore = (Date.parse(`${due}T00:00:00Z`) - Date.parse(`${txnDate}T00:00:00Z`)) / 86_400_000;
  if (daysBefore < (term.DueNextMonthDays ?? 0)) {
    const next = new Date(`${due}T00:00:00Z`);
    due = on(next.getUTCFullYear(), next.getUTCMonth() + 2);
  }
  return due;
}

/** The term an invoice gets: its own SalesTermRef, the customer's, or the company default. */
export function termFor(invoiceTermId: string | undefined, customer: Record<string, unknown> | undefined): QboTerm {
  const customerTermId = (customer?.SalesTermRef as { value?: string } | undefined)?.value;
  const id = [invoiceTermId, customerTermId, DEFAULT_TERM_ID].find((candidate) =>
    SIMULATED_TERMS.some((known) => known.Id === candidate),
  );
  return SIMULATED_TERMS.find((known) => known.Id === id)!;
}
