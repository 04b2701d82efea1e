// CSV as spreadsheets read it (RFC 4180): cells quoted when they hold a comma, quote or line
// break, CRLF line ends, a header row first.

export type CsvCell = string | number | null | undefined;

function csvCell(value: CsvCell): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
