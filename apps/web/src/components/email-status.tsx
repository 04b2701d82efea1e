import { formatDateTime } from '../lib/dates';

/** "Sent" with the time (and address), or "Not sent"; a failed automatic send says why. */
export function EmailStatus({
  invoice,
}: {
  invoice: {
    emailStatus: 'NOT_SENT' | 'SENT';
    emailedAt: string | null;
    emailedTo: string | null;
    lastSendError: string | null;
  };
}) {
  if (invoice.emailStatus === 'SENT') {
    return (
      <span className="text-sm">
        <span className="font-medium text-green-700">Sent</span> {formatDateTime(invoice.emailedAt)}
        {invoice.emailedTo ? <span className="block text-xs text-slate-600">to {invoice.emailedTo}</span> : null}
      </span>
    );
  }
  return (
    <span className="text-sm text-slate-700">
      Not sent
      {invoice.lastSendError ? <span className="block text-xs text-red-700">{invoice.lastSendError}</span> : null}
    </span>
  );
}
