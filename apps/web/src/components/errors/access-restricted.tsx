import { Alert } from '@phone-billing/ui/alert';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';

export function AccessRestricted() {
  return (
    <EmptyState
      icon={<Lock className="h-8 w-8" />}
      title="Access restricted"
      description="You do not have permission to view this page. Ask an administrator for access."
    />
  );
}

/**
 * For the screens the spec leaves unguarded (Region & Teams, Company Info, QBO Setup): says which
 * permission the screen needs, instead of loading data the server will refuse.
 */
export function AccessRestrictedNotice({ children }: { children: ReactNode }) {
  return (
    <Alert tone="warning" title="Access restricted">
      {children}
    </Alert>
  );
}
