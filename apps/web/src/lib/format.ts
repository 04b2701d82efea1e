// One place for how numbers look in the app: grouped thousands, money in the company currency,
// minutes with at most two decimals, and counts with the right plural.

const LOCALE = 'en-US';

/**
 * Intl formatters by their options, made once: building one costs about a millisecond, and a list
 * of a few hundred rows formats thousands of figures while the page first renders (issue 24, TBT).
 */
const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = new Intl.NumberFormat(LOCALE, options)));
  return formatter;
}

function toNumber(value: number | string): number {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : 0;
}

/** A count or quantity with grouped thousands: 10000 → '10,000', 3314.0000 → '3,314'. */
export function formatNumber(value: number | string, maximumFractionDigits = 0): string {
  return numberFormat({ maximumFractionDigits }).format(toNumber(value));
}

/** Minutes as people read them: '3,314 min', '118.52 min' (never '3314.0000'). */
export function formatMinutes(minutes: number | string): string {
  return `${formatNumber(minutes, 2)} min`;
}

/** Money from a number or exact decimal text: '1234.5' → '$1,234.50'. */
export function formatMoney(amount: number | string, currency = 'USD'): string {
  const value = toNumber(amount);
  try {
    return numberFormat({ style: 'currency', currency }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency}`;
  }
}

/** A rate per minute keeps its significant places beyond cents: '0.0500' → '$0.05', '0.0125' → '$0.0125'. */
export function formatRate(rate: number | string, currency = 'USD'): string {
  const text = String(rate);
  const decimals = Math.min(6, Math.max(2, (text.split('.')[1] ?? '').replace(/0+$/, '').length));
  try {
    return numberFormat({
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: decimals,
    }).format(toNumber(rate));
  } catch {
    return text;
  }
}

/** '1 customer', '2 customers', '1,200 calls': the count grouped, the noun agreeing with it. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}

/** How long until something expires: 3100 → '51 min', 7260 → '2 h 1 min', 0 → 'Expired'. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  if (seconds <= 0) return 'Expired';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return `${Math.floor(seconds)} s`;
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return `${minutes} min`;
  const days = Math.floor(hours / 24);
  if (days > 0) return `${days} d ${hours % 24} h`;
  return `${hours} h ${minutes % 60} min`;
}

/** A call's length: 90 → '1m 30s', 45 → '45s'. */
export function formatCallLength(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return minutes > 0 ? `${formatNumber(minutes)}m ${rest}s` : `${rest}s`;
}
