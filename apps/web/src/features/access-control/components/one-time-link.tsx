import { Alert } from '@phone-billing/ui/alert';
import { Button } from '@phone-billing/ui/button';
import toast from 'react-hot-toast';

/** A one-time setup or reset link, shown once for the administrator to pass on. */
export function OneTimeLink({
  title,
  url,
  onDismiss,
  testId,
}: {
  title: string;
  url: string;
  onDismiss: () => void;
  testId: string;
}) {
  return (
    <Alert tone="info" className="mt-4" title={title} data-testid={testId}>
      <p className="text-sm">Send this link to them; it is shown only now and works once within 72 hours.</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code className="break-all rounded bg-white px-2 py-1 text-xs text-slate-800">{url}</code>
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            navigator.clipboard?.writeText(url).then(
              () => toast.success('Link copied'),
              () => toast.error('Could not copy the link'),
            )
          }
        >
          Copy link
        </Button>
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </Alert>
  );
}
