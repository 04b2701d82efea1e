import type { ScheduledJob } from '@phone-billing/api/schemas';

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
  if (job.billingPeriodStart <= job.billingPeriodEnd)
    return `Days ${job.billingPeriodStart}–${job.billingPeriodEnd} of the month`;
  return `Day ${job.billingPeriodStart} to day ${job.billingPeriodEnd} of the next month`;
}
