import { isJobRunning } from '@phone-billing/api/schemas';
import { useEffect, useState } from 'react';
import { trpc } from '../../../lib/trpc';

type StartedJob = { id: string; jobId: string };

/**
 * The real runs "Bill what is missing" started, followed until they end: while any runs, the page
 * says so and offers no second run (it would only wait for the first and bill nothing); when the
 * last ends, the month is loaded again, now showing what they billed.
 */
export function useStartedJobs() {
  const utils = trpc.useUtils();
  const [started, setStarted] = useState<StartedJob[]>([]);
  const jobs = trpc.useQueries((t) => started.map((job) => t.billing.job({ id: job.id }, { refetchInterval: 1500 })));
  const running = started.filter((_, index) => {
    const status = jobs[index]?.data?.data.status;
    return !status || isJobRunning(status);
  });
  const allEnded = started.length > 0 && running.length === 0;
  useEffect(() => {
    if (!allEnded) return;
    setStarted([]);
    void utils.monthEnd.get.invalidate();
    void utils.billing.jobs.invalidate();
  }, [allEnded, utils]);
  return { running, follow: setStarted };
}
