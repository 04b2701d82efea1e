import { BILLING_JOB_STATUSES, type BillingJobStatus } from '@phone-billing/api/schemas';
import { useCallback, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/** The status filter (a known status or none) and the search text a Billing Jobs URL holds. */
export function billingJobsFilterOf(params: URLSearchParams): { status: BillingJobStatus | ''; search: string } {
  const statusParam = params.get('status') ?? '';
  return {
    status: BILLING_JOB_STATUSES.find((known) => known === statusParam) ?? '',
    search: params.get('search') ?? '',
  };
}

/**
 * Billing Jobs' filters and open job in the URL (/billing-jobs?job=BJ-…&status=FAILED&search=…),
 * so a link shows a colleague the same view and a reload keeps it. Opening Job Details adds a
 * history entry, so Back closes the dialog and stays on Billing Jobs; filters replace the entry.
 */
export function useBillingJobsUrl() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  /** Whether this page opened the dialog (then closing it is Back); a link that arrived with it is not. */
  const openedHere = useRef(false);

  const { status, search } = billingJobsFilterOf(params);
  const job = params.get('job');

  const update = useCallback(
    (changes: Record<string, string | null>, push = false) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: !push },
      ),
    [setParams],
  );

  return {
    status,
    setStatus: (value: BillingJobStatus | '') => update({ status: value || null }),
    search,
    setSearch: (value: string) => update({ search: value || null }),
    /** The open job's code (or id), or null. */
    job,
    openJob: (code: string) => {
      openedHere.current = true;
      update({ job: code }, true);
    },
    closeJob: () => {
      if (openedHere.current) {
        openedHere.current = false;
        void navigate(-1);
      } else {
        update({ job: null });
      }
    },
  };
}
