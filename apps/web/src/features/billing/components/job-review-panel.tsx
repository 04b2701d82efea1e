import type { BillingJobCustomerView, BillingJobDetailView } from '@phone-billing/api/schemas';
import { Alert } from '@phone-billing/ui/alert';
import { Button } from '@phone-billing/ui/button';
import { DataTable } from '@phone-billing/ui/data-table';
import { useState } from 'react';
import { usePermission } from '../../../lib/auth-store';
import { formatDateTime } from '../../../lib/dates';
import { plural } from '../../../lib/format';
import { useApproveBillingJob } from '../api/review-billing-job';
import { reviewColumns, waitsForDecision } from './job-review-columns';
import { RejectInvoicesDialog } from './reject-invoices-dialog';

/**
 * Job Details of a run held for review: each held customer's lines beside its previous period, the
 * change and the flags (flagged first, as the server orders them), and the decisions: Approve all,
 * Approve unflagged, Approve selected, Reject selected (with a reason).
 */
export function JobReviewPanel({ job }: { job: BillingJobDetailView }) {
  const canDecide = usePermission('billing:run') && job.status === 'AWAITING_REVIEW';
  const approve = useApproveBillingJob();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [rejecting, setRejecting] = useState(false);
  const held = job.customers.filter(
    (customer) => customer.reviewHeld && (customer.reviewDecision !== null || waitsForDecision(customer)),
  );
  const waiting = held.filter(waitsForDecision);
  if (held.length === 0) return null;
  const toggle = (profileId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(profileId)) next.add(profileId);
      return next;
    });
  const chosen = waiting.filter((customer) => customer.profileId && selected.has(customer.profileId));
  const unflagged = waiting.filter((customer) => customer.flags.length === 0);
  const approveThese = (customers: BillingJobCustomerView[] | null) =>
    approve.mutate(
      { id: job.id, ...(customers ? { profileIds: customers.map((customer) => customer.profileId!) } : {}) },
      { onSuccess: () => setSelected(new Set()) },
    );

  return (
    <section aria-labelledby="job-review-heading" className="space-y-3">
      <h3 id="job-review-heading" className="text-sm font-semibold text-slate-900">
        Review before sending
      </h3>
      {waiting.length > 0 && job.status === 'AWAITING_REVIEW' ? (
        <Alert
          tone="warning"
          title={`${plural(waiting.length, 'invoice')} ${waiting.length === 1 ? 'waits' : 'wait'} for review since ${formatDateTime(job.awaitingReviewSince)}`}
        >
          Nothing is sent to QuickBooks until approved. A rejected invoice is dropped and its calls are billed by the
          next run.
        </Alert>
      ) : null}
      {canDecide && waiting.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => approveThese(null)} loading={approve.isPending}>
            Approve all
          </Button>
          <Button variant="outline" disabled={unflagged.length === 0} onClick={() => approveThese(unflagged)}>
            Approve unflagged ({unflagged.length})
          </Button>
          <Button variant="outline" disabled={chosen.length === 0} onClick={() => approveThese(chosen)}>
            Approve selected ({chosen.length})
          </Button>
          <Button variant="danger" disabled={chosen.length === 0} onClick={() => setRejecting(true)}>
            Reject selected ({chosen.length})
          </Button>
        </div>
      ) : null}
      <DataTable
        aria-label="Invoices under review"
        columns={reviewColumns(selected, toggle, canDecide)}
        rows={held}
        rowTestId="review-row"
      />
      <RejectInvoicesDialog
        jobId={job.id}
        open={rejecting}
        onClose={() => {
          setRejecting(false);
          setSelected(new Set());
        }}
        customers={chosen.map((customer) => ({ profileId: customer.profileId!, customerName: customer.customerName }))}
      />
    </section>
  );
}
