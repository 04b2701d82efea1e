import { isJobRunning } from '@phone-billing/api/schemas';
import { Alert } from '@phone-billing/ui/alert';
import { Button } from '@phone-billing/ui/button';
import { Modal } from '@phone-billing/ui/modal';
import { Spinner } from '@phone-billing/ui/spinner';
import { Download } from 'lucide-react';
import { LoadError } from '../../../components/errors/load-error';
import { errorMessage } from '../../../lib/trpc';
import { useExportJobResults } from '../api/export-job-results';
import { useBillingJob } from '../api/get-billing-job';
import { cancelledCoverage } from './cancelled-coverage';
import { JobCustomersSection } from './job-customers-section';
import { JobInvoiceEmails } from './job-invoice-emails';
import { JobReviewPanel } from './job-review-panel';
import { JobProgress, JobSummaryFields } from './job-summary';

export function JobDetailsModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useBillingJob(id);
  const exportResults = useExportJobResults();
  const job = detail.data?.data;
  const running = job ? isJobRunning(job.status) : false;
  const dryRun = job?.type === 'DRY_RUN';

  return (
    <Modal
      open={Boolean(id)}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={job ? `Job Details: ${job.jobId}` : 'Job Details'}
      // Wide enough for the customers' table with its actions at desktop widths; cards below 1280 px.
      size="2xl"
      footer={
        job ? (
          <Button variant="outline" onClick={() => exportResults.mutate(job.id)} loading={exportResults.isPending}>
            <Download className="size-4" aria-hidden /> Export CSV
          </Button>
        ) : undefined
      }
    >
      {detail.isLoading ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : detail.error || !job ? (
        <LoadError
          title={errorMessage(detail.error, 'Failed to load the job details')}
          onRetry={detail.refetch}
          retrying={detail.isFetching}
        />
      ) : (
        <div className="space-y-5">
          {dryRun && job.status !== 'CANCELLED' ? (
            <Alert tone="info" title="Dry run: a preview">
              Every customer was rated exactly as a real run would rate them. Nothing was sent to QuickBooks and no
              invoice was created.
            </Alert>
          ) : null}
          <JobSummaryFields job={job} />
          {running ? <JobProgress job={job} /> : null}

          {job.error ? <Alert tone="error">{job.error}</Alert> : null}
          {cancelledCoverage(job) ? (
            <Alert tone="warning" title="Cancelled" data-testid="cancelled-coverage">
              {cancelledCoverage(job)}
            </Alert>
          ) : null}

          {job.holdForReview ? <JobReviewPanel job={job} /> : null}

          <JobCustomersSection job={job} />
          {dryRun ? null : <JobInvoiceEmails billingJobId={job.id} />}
        </div>
      )}
    </Modal>
  );
}
