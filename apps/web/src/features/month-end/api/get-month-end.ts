import { trpc } from '../../../lib/trpc';

/** GET /month-end?month=YYYY-MM: the month's billing per customer. */
export function useMonthEnd(month: string) {
  return trpc.monthEnd.get.useQuery({ month }, { enabled: /^\d{4}-\d{2}$/.test(month) });
}
