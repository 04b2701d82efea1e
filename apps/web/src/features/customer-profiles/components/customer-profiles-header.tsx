import { Button } from '@phone-billing/ui/button';
import { CalendarClock, Plus } from 'lucide-react';
import { useRescheduleAllBilling } from '../api/reschedule-all-billing';

/** Reschedule All names how many profiles move and what a recomputed next run means. */
const rescheduleAllConfirmation = (active: number | undefined) =>
  `Reschedule billing for ${active === undefined ? 'every active' : `all ${active} active`} customer profile${active === 1 ? '' : 's'}?\n\nEach next run is recomputed from the profile's bill day and time in the company timezone. Periods not billed yet are still billed by the next run.`;

/** What the page is for and, with customer:edit, Reschedule All Billing and Add Customer Profile. */
export function CustomerProfilesHeader({
  canEdit,
  activeProfiles,
  onAdd,
}: {
  canEdit: boolean;
  /** How many active profiles Reschedule All moves; undefined until the summary has loaded. */
  activeProfiles: number | undefined;
  onAdd: () => void;
}) {
  const rescheduleAll = useRescheduleAllBilling();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">Rates, Genesys queues and QuickBooks customers of everyone you bill.</p>
      {canEdit && (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => window.confirm(rescheduleAllConfirmation(activeProfiles)) && rescheduleAll.mutate({})}
            loading={rescheduleAll.isPending}
          >
            <CalendarClock className="h-4 w-4" aria-hidden /> Reschedule All Billing
          </Button>
          <Button onClick={onAdd}>
            <Plus className="h-4 w-4" aria-hidden /> Add Customer Profile
          </Button>
        </div>
      )}
    </div>
  );
}
