import { KILL_SWITCH_REASON_REQUIRED, type TSettings } from '@phone-billing/api/schemas';
import { Badge } from '@phone-billing/ui/badge';
import { Button } from '@phone-billing/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { FormField } from '@phone-billing/ui/form-field';
import { Textarea } from '@phone-billing/ui/textarea';
import { cn } from '@phone-billing/ui/lib/cn';
import { AlertOctagon } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatDateTime } from '../../../lib/dates';
import { errorMessage } from '../../../lib/trpc';
import { useUpdateSettings } from '../api/update-settings';

/** Pauses all billing at once (persisted; records who, when and why). */
export function KillSwitchCard({ settings, canManage }: { settings: TSettings; canManage: boolean }) {
  const { killSwitch } = settings;
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateSettings();

  async function change(enabled: boolean) {
    // Whoever finds billing paused must be able to read why (the server refuses it too).
    if (enabled && !reason.trim()) {
      setReasonError(KILL_SWITCH_REASON_REQUIRED);
      return;
    }
    setReasonError(null);
    try {
      await update.mutateAsync({ killSwitch: { enabled, reason: enabled ? reason.trim() : null } });
      toast.success(
        enabled
          ? 'Kill switch activated: all billing jobs are paused'
          : 'Kill switch deactivated: billing jobs can run',
      );
      setReason('');
      setConfirming(false);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to change the kill switch'));
    }
  }

  return (
    <Card className={cn(killSwitch.enabled && 'border-red-300')} data-testid="kill-switch">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <AlertOctagon
            className={cn('h-5 w-5', killSwitch.enabled ? 'text-red-600' : 'text-slate-400')}
            aria-hidden="true"
          />
          Emergency Kill Switch
        </CardTitle>
        <Badge tone={killSwitch.enabled ? 'red' : 'green'} data-testid="kill-switch-state">
          {killSwitch.enabled ? 'ON: billing paused' : 'OFF: billing can run'}
        </Badge>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-600">
          While on, new billing runs are refused, due scheduled runs are held until it is turned off, and running jobs
          stop before their next invoice.
        </p>
        {killSwitch.changedAt && (
          <p className="text-sm text-slate-700" data-testid="kill-switch-history">
            Turned {killSwitch.enabled ? 'on' : 'off'} by {killSwitch.changedBy ?? 'unknown'} on{' '}
            {formatDateTime(killSwitch.changedAt)}
            {killSwitch.reason ? (
              <>
                {' '}
                — reason: <span className="font-medium">{killSwitch.reason}</span>
              </>
            ) : null}
          </p>
        )}
        {!canManage ? (
          <p className="text-sm text-slate-500">Changing the kill switch needs the settings:manage permission.</p>
        ) : killSwitch.enabled ? (
          <Button variant="outline" loading={update.isPending} onClick={() => void change(false)}>
            Deactivate Kill Switch
          </Button>
        ) : confirming ? (
          <div className="space-y-3">
            <FormField
              label="Reason"
              htmlFor="kill-switch-reason"
              error={reasonError ?? undefined}
              required
              hint="Shown to everyone who finds billing paused"
            >
              <Textarea
                id="kill-switch-reason"
                rows={2}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                placeholder="Why is billing being stopped?"
              />
            </FormField>
            <div className="flex gap-2">
              <Button variant="danger" loading={update.isPending} onClick={() => void change(true)}>
                Activate Kill Switch
              </Button>
              <Button variant="ghost" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Turn On Kill Switch
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
