// Helpers for writing QuickBooks query statements safely.

/**
 * Quotes a value as a QuickBooks query string literal: single quotes around it and each
 * embedded `'` escaped as `\'` (what QuickBooks and node-quickbooks use), so
 * `Amy's Bird Sanctuary` becomes `'Amy\'s Bird Sanctuary'`.
 */
export function quoteQboString(value: string): string {
  return `'${value.replace(/'/g, "\\'")}'`;
}

/**
 * A LIKE pattern that finds `value` although it holds a backslash: QuickBooks' lexer reads a
 * backslash as an escape (only `\'` is documented), so `'a\'` never closes and the query fails to
 * parse. Each backslash becomes `%`; the caller keeps only the rows equal to `value`.
 */
export function likeWithoutBackslashes(value: string): string {
  return quoteQboString(value.replace(/\\/g, '%'));
}
