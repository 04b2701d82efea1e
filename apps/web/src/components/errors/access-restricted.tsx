import { EmptyState } from '@phone-billing/ui/empty-state';
import { Lock } from 'lucide-react';

export function AccessRestricted() {
  return (
    <EmptyState
      icon={<Lock className="h-8 w-8" />}
      title="Access restricted"
      description="You do not have permission to view this page. Ask an administrator for access."
    />
  );
}
