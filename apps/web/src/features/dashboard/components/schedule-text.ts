import type { ScheduledJob } from '@phone-billing/api/schemas';
import type { BadgeTone as Tone } from '@phone-billing/ui/badge';

/** Money from exact decimal text, e.g. '1234.5' → '$1,234.50'. */
export function formatMoney(amount: string | number, currency = 'USD'): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number.isFinite(value) ? value : 0);
  } catch {
    return `${value.toFixed(2)} ${currency}`;
  }
}

export function formatNumber(value: number, maximumFractionDigits = 0): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits }).format(value);
}

export function formatMinutes(minutes: number): string {
  return `${formatNumber(minutes, 2)} min`;
}

/** A rate per minute without trailing zeros beyond cents: '0.0500' → '$0.05', '0.0125' → '$0.0125'. */
export function formatRate(rate: string, currency = 'USD'): string {
  const value = Number(rate);
  const decimals = Math.max(2, (rate.split('.')[1] ?? '').replace(/0+$/, '').length);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: decimals }).format(value);
  } catch {
    return rate;
  }
}

/** Seconds until a token expires, e.g. 3100 → '51 min', 7260 → '2 h 1 min'. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '—';
  if (seconds <= 0) return 'Expired';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return `${Math.floor(seconds)} s`;
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return `${minutes} min`;
  const days = Math.floor(hours / 24);
  if (days > 0) return `${days} d ${hours % 24} h`;
  return `${hours} h ${minutes % 60} min`;
}

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th'}`;
}

/** 'Monthly on the 5th at 02:00' (a day past a month's end means its last day). */
export function describeBillDay(job: Pick<ScheduledJob, 'billDate' | 'billTime'>): string {
  return `Monthly on the ${ordinal(job.billDate)} at ${job.billTime}`;
}

/** 'Days 1–31 of the month', or 'Day 16 to day 15 of the next month' when the period spans two months. */
export function describePeriod(job: Pick<ScheduledJob, 'billingPeriodStart' | 'billingPeriodEnd'>): string {
  if (job.billingPeriodStart <= job.billingPeriodEnd) return `Days ${job.billingPeriodStart}–${job.billingPeriodEnd} of the month`;
  return `Day ${job.billingPeriodStart} to day ${job.billingPeriodEnd} of the next month`;
}

export const JOB_STATUS: Record<string, { label: string; tone: Tone }> = {
  PENDING: { label: 'Pending', tone: 'yellow' },
  IN_PROGRESS: { label: 'In Progress', tone: 'blue' },
  COMPLETED: { label: 'Completed', tone: 'green' },
  FAILED: { label: 'Failed', tone: 'red' },
  CANCELLED: { label: 'Cancelled', tone: 'gray' },
};
