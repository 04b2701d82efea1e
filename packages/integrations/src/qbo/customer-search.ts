// Customer type-ahead (issue 24): any part of the display name, company name or e-mail address.
import { likeWithoutBackslashes } from './query-language';
import type { QboCustomer } from './entities';

/** The fields a person may type part of; QuickBooks' query language has no OR, so one query each. */
const SEARCHED_FIELDS = ['DisplayName', 'CompanyName', 'PrimaryEmailAddr'] as const;
/** Apostrophes people type interchangeably: straight, curly right and left, modifier letter. */
const APOSTROPHES = /['\u2019\u2018\u02bc]/g;

/** Lower case with one kind of apostrophe, so "Amy’s" and "amy's" are the same text. */
export function normaliseForSearch(text: string): string {
  return text.replace(APOSTROPHES, "'").toLocaleLowerCase('en-US');
}

/**
 * The LIKE pattern of a typed term, quoted: `%` around it; any apostrophe becomes `%` so either
 * kind finds the other (the matches are then checked exactly), and so does a backslash, which
 * QuickBooks' lexer reads as an escape; a `%` typed is dropped, since QuickBooks' LIKE cannot escape it.
 */
export function likeContaining(term: string): string {
  const inner = term.replace(/%/g, '').replace(APOSTROPHES, '%');
  return likeWithoutBackslashes(`%${inner}%`);
}

function searchedTexts(customer: QboCustomer): string[] {
  const record = customer as Record<string, unknown>;
  const email = (record.PrimaryEmailAddr as { Address?: unknown } | undefined)?.Address;
  return [record.DisplayName, record.CompanyName, email].filter((value): value is string => typeof value === 'string');
}

/**
 * Active customers whose display name, company name or e-mail contains `term` (apostrophes of
 * either kind equal, any case), by display name, at most `limit`.
 */
export async function searchCustomers(
  query: (statement: string) => Promise<QboCustomer[]>,
  term: string,
  limit = 20,
): Promise<QboCustomer[]> {
  const wanted = normaliseForSearch(term.trim());
  if (wanted.replace(/%/g, '') === '') return [];
  const pattern = likeContaining(term.trim());
  const answers = await Promise.all(
    SEARCHED_FIELDS.map((field) => query(`select * from Customer where ${field} LIKE ${pattern} MAXRESULTS ${limit}`)),
  );
  const byId = new Map<string, QboCustomer>();
  for (const customer of answers.flat()) {
    const id = String((customer as Record<string, unknown>).Id ?? '');
    if (!byId.has(id) && searchedTexts(customer).some((text) => normaliseForSearch(text).includes(wanted)))
      byId.set(id, customer);
  }
  const name = (customer: QboCustomer) => String((customer as Record<string, unknown>).DisplayName ?? '');
  return [...byId.values()].sort((a, b) => name(a).localeCompare(name(b))).slice(0, limit);
}
