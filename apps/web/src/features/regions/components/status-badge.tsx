import { Badge } from '@phone-billing/ui/badge';

export function StatusBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? 'green' : 'gray'}>{active ? 'Active' : 'Inactive'}</Badge>;
}
