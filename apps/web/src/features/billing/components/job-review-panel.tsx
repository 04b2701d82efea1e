import type { BillingJobCustomerView, BillingJobDetailView } from '@phone-billing/api/schemas';
import { Alert } from '@phone-billing/ui/alert';
import { Badge } from '@phone-billing/ui/badge';
import { Button } from '@phone-billing/ui/button';
import { DataTable, type DataColumn } from '@phone-billing/ui/data-table';
import { useState } from 'react';
import { usePermission } from '../../../lib/auth-store';
import { formatCalendarDate, formatDateTime } from '../../../lib/dates';
import { formatMinutes, formatMoney, plural } from '../../../lib/format';
import { useApproveBillingJob } from '../api/review-billing-job';
import { jobCustomerColumn } from './job-customer-column';
import { RejectInvoicesDialog } from './reject-invoices-dialog';

const waitsForDecision = (customer: BillingJobCustomerView) =>
  customer.reviewHeld &&
  customer.reviewDecision === null &&
  customer.status === 'PENDING' &&
  customer.invoiceState === 'RESERVED';

/** "+52%", "−60%", or "new" beside this period's minutes. */
function change(customer: BillingJobCustomerView): string {
  const previous = customer.previous ? Number(customer.previous.billedMinutes) : null;
  if (previous === null) return 'new';
  if (previous === 0) return Number(customer.billedMinutes) === 0 ? '0%' : 'from 0';
  const percent = Math.round(((Number(customer.billedMinutes) - previous) / previous) * 100);
  return `${percent > 0 ? '+' : percent < 0 ? '−' : ''}${Math.abs(percent)}%`;
}

function Decision({ customer }: { customer: BillingJobCustomerView }) {
  if (customer.reviewDecision === 'APPROVED') return <Badge tone="green">Approved by {customer.reviewedBy}</Badge>;
  if (customer.reviewDecision === 'REJECTED')
    return (
      <span className="text-xs text-slate-700">
        <Badge tone="red">Rejected by {customer.reviewedBy}</Badge>{' '}
        <span className="block">{customer.reviewReason}</span>
      </span>
    );
  return <span className="text-xs text-slate-600">Waiting for a decision</span>;
}

function columns(
  selected: Set<string>,
  toggle: (profileId: string) => void,
  canDecide: boolean,
): DataColumn<BillingJobCustomerView>[] {
  return [
    {
      key: 'select',
      header: <span className="sr-only">Select</span>,
      cell: (customer) =>
        canDecide && waitsForDecision(customer) && customer.profileId ? (
          <input
            type="checkbox"
            className="size-4 accent-blue-600"
            aria-label={`Select ${customer.customerName}`}
            checked={selected.has(customer.profileId)}
            onChange={() => toggle(customer.profileId!)}
          />
        ) : null,
    },
    jobCustomerColumn,
    {
      key: 'now',
      header: 'This run',
      className: 'text-right tabular-nums whitespace-nowrap',
      headerClassName: 'text-right',
      cell: (customer) => (
        <>
          {formatMinutes(customer.billedMinutes)}
          <span className="block">{formatMoney(customer.amount)}</span>
        </>
      ),
    },
    {
      key: 'previous',
      header: 'Previous period',
      className: 'text-right tabular-nums whitespace-nowrap',
      headerClassName: 'text-right',
      cell: (customer) =>
        customer.previous ? (
          <>
            {formatMinutes(customer.previous.billedMinutes)}
            <span className="block">{formatMoney(customer.previous.amount)}</span>
            <span className="block text-xs text-slate-600">
              {formatCalendarDate(customer.previous.periodStart)} – {formatCalendarDate(customer.previous.periodEnd)}
            </span>
          </>
        ) : (
          <span className="text-slate-600">None</span>
        ),
    },
    {
      key: 'change',
      header: 'Change',
      className: 'text-right tabular-nums',
      headerClassName: 'text-right',
      cell: change,
    },
    {
      key: 'flags',
      header: 'Flags',
      className: 'max-w-xs text-sm',
      cell: (customer) =>
        customer.flags.length ? (
          <ul className="space-y-1" aria-label={`Flags of ${customer.customerName}`}>
            {customer.flags.map((flag) => (
              <li key={flag.code} className="text-amber-800" data-flag={flag.code}>
                ⚑ {flag.message}
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-slate-600">No flags</span>
        ),
    },
    { key: 'decision', header: 'Decision', card: 'badge', cell: (customer) => <Decision customer={customer} /> },
  ];
}

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
        columns={columns(selected, toggle, canDecide)}
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
