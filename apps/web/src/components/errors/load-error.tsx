import { Alert } from '@phone-billing/ui/alert';
import { Button } from '@phone-billing/ui/button';
import type { ReactNode } from 'react';

/**
 * What a screen (or a part of one) shows when its data could not be loaded: the catalogue's
 * message and Retry, instead of empty lists or zeros that look like data.
 */
export function LoadError({
  title,
  children,
  onRetry,
  retrying,
  className,
}: {
  title: string;
  children?: ReactNode;
  onRetry: () => unknown;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <Alert
      tone="error"
      title={title}
      className={className}
      data-testid="load-error"
      action={
        <Button size="sm" variant="outline" onClick={() => void onRetry()} loading={retrying}>
          Retry
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
