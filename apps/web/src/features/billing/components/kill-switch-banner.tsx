import { Alert } from '@phone-billing/ui/alert';
import { Link } from 'react-router';
import { usePermission } from '../../../lib/auth-store';
import { formatDateTime } from '../../../lib/dates';
import { useKillSwitch } from '../api/get-kill-switch';

/** While the kill switch is on, says so before anyone fills a form: who turned it on, when and why. */
export function KillSwitchBanner() {
  const killSwitch = useKillSwitch().data;
  const canManageSettings = usePermission('settings:manage');
  if (!killSwitch?.enabled) return null;
  return (
    <Alert
      tone="error"
      title="Billing is paused: the kill switch is on"
      data-testid="kill-switch-banner"
      action={
        canManageSettings ? (
          <Link to="/settings" className="text-sm font-medium text-red-800 underline">
            Open Settings
          </Link>
        ) : undefined
      }
    >
      Turned on by {killSwitch.changedBy ?? 'an administrator'}
      {killSwitch.changedAt ? ` on ${formatDateTime(killSwitch.changedAt)}` : ''}
      {killSwitch.reason ? ` — reason: ${killSwitch.reason}` : ''}. New billing runs are refused, and due scheduled runs
      wait, until it is turned off in Settings.
    </Alert>
  );
}
