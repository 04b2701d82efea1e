import { trpc } from '../../../lib/trpc';

/** Billable calls no run will bill, per queue (Billing Jobs → Unowned calls). */
export function useUnownedCalls() {
  return trpc.unownedCalls.list.useQuery(undefined, { retry: false });
}
