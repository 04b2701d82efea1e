import type { RunBillingJobInput, TBillingPreflight } from '@phone-billing/api/schemas';
import { ZRunBillingJobRequestSchema } from '@phone-billing/api/schemas';
import { useEffect, useState } from 'react';
import { trpc } from '../../../lib/trpc';

/** How long the Run dialog waits after the last change before asking for a pre-flight. */
const SETTLE_MS = 300;

/**
 * POST /billing/preflight for the Run dialog's current input: asked again (after a short pause)
 * whenever the dates, the queues or Dry Run change, and only for input the run would accept.
 */
export function useBillingPreflight(
  input: RunBillingJobInput,
  enabled: boolean,
): { data: TBillingPreflight | null; checking: boolean } {
  const preflight = trpc.billing.preflight.useMutation();
  const { mutate } = preflight;
  const [data, setData] = useState<TBillingPreflight | null>(null);
  const key = JSON.stringify(input);
  useEffect(() => {
    setData(null);
    if (!enabled) return;
    const parsed = ZRunBillingJobRequestSchema.safeParse(JSON.parse(key));
    if (!parsed.success) return;
    let current = true;
    const timer = setTimeout(() => {
      mutate(parsed.data, { onSuccess: (answer) => current && setData(answer.data) });
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, enabled, mutate]);
  return { data, checking: enabled && data === null && preflight.isPending };
}
