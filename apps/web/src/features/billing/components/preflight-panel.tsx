import { BLOCKING_PREFLIGHT_CODES, type TBillingPreflight } from '@phone-billing/api/schemas';
import { Alert } from '@phone-billing/ui/alert';
import { Spinner } from '@phone-billing/ui/spinner';
import { plural } from '../../../lib/format';

/**
 * The Run dialog's pre-flight (issue 24): what this run will fail on or surprise with, before it
 * runs, and how many customers and interactions it bills. Warnings do not stop a run; the kill switch and a range
 * that has not ended do, and say so.
 */
export function PreflightPanel({ preflight, checking }: { preflight: TBillingPreflight | null; checking: boolean }) {
  if (checking) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-500" role="status">
        <Spinner /> Checking what this run will do…
      </p>
    );
  }
  if (!preflight) return null;
  const customers = preflight.customers.length;
  // What the run would bill as things stand: interactions its plans price, of every media type.
  const interactions = preflight.customers.reduce((sum, customer) => sum + customer.interactions, 0);
  const summary = `This run bills ${plural(customers, 'customer')}.`;
  const counted = <p className="mt-1">{`${plural(interactions, 'interaction')} not yet invoiced.`}</p>;
  if (preflight.warnings.length === 0) {
    return (
      <Alert tone="success" title="Pre-flight: nothing to warn about" data-testid="preflight">
        {summary}
        {counted}
      </Alert>
    );
  }
  const blocking = preflight.warnings.some((warning) => BLOCKING_PREFLIGHT_CODES.has(warning.code));
  return (
    <Alert
      tone={blocking ? 'error' : 'warning'}
      title={`Pre-flight: ${plural(preflight.warnings.length, 'warning')}`}
      data-testid="preflight"
    >
      <ul className="list-disc space-y-1 pl-5">
        {preflight.warnings.map((warning, index) => (
          <li key={`${warning.code}-${index}`}>{warning.message}</li>
        ))}
      </ul>
      <p className="mt-2">
        {summary}{' '}
        {blocking
          ? 'As things stand the run will be refused.'
          : 'You can still run it; the warnings say what will happen.'}
      </p>
      {counted}
    </Alert>
  );
}
