// Helpers for writing QuickBooks query statements safely.

/**
 * Quotes a value as a QuickBooks query string literal: single quotes around it and each
 * embedded `'` escaped as `\'` (what QuickBooks and node-quickbooks use), so
 * `Amy's Bird Sanctuary` becomes `'Amy\'s Bird Sanctuary'`.
 */
export function quoteQboString(value: string): string {
  return `'${value.replace(/'/g, "\\'")}'`;
}
