import {
  profileCompleteness,
  profileStatus,
  type CompletenessBand,
  type ProfileStatus,
  type TCustomerProfile,
} from '@phone-billing/api/schemas';
import { Badge, type BadgeTone } from '@phone-billing/ui/badge';
import { Button } from '@phone-billing/ui/button';
import { actionsColumn, DataTable, type DataColumn } from '@phone-billing/ui/data-table';
import { BarChart3, Pencil, Trash2 } from 'lucide-react';
import { formatDateTime, formatShortDate } from '../../../lib/dates';
import { formatMinutes, formatRate } from '../../../lib/format';

const STATUS_TONES: Record<ProfileStatus, BadgeTone> = {
  Active: 'green',
  'No QBO Mapping': 'orange',
  'No Queues': 'yellow',
  Inactive: 'gray',
};
const BAND_TONES: Record<CompletenessBand, BadgeTone> = { complete: 'green', partial: 'yellow', minimal: 'red' };
const BAND_LABELS: Record<CompletenessBand, string> = { complete: 'Complete', partial: 'Partial', minimal: 'Minimal' };

interface CustomerProfilesTableProps {
  rows: TCustomerProfile[];
  /** Whether Edit and Delete are offered (customer:edit). */
  canEdit: boolean;
  onStatistics: (profile: TCustomerProfile) => void;
  onEdit: (profile: TCustomerProfile) => void;
  onDelete: (profile: TCustomerProfile) => void;
}

/** The profile list: a table on wide screens, one card per profile on narrow ones. */
export function CustomerProfilesTable({ rows, canEdit, onStatistics, onEdit, onDelete }: CustomerProfilesTableProps) {
  const columns: DataColumn<TCustomerProfile>[] = [
    {
      key: 'customer',
      header: 'Customer',
      card: 'title',
      cell: (profile) => (
        <>
          <div className="font-medium text-slate-900">{profile.qboDisplayName}</div>
          {profile.qboCompanyName && profile.qboCompanyName !== profile.qboDisplayName && (
            <div className="text-xs text-slate-600">{profile.qboCompanyName}</div>
          )}
          {profile.qboPrimaryEmailAddr && (
            <div
              className="max-w-[9rem] truncate text-xs text-slate-600 max-md:max-w-full"
              title={profile.qboPrimaryEmailAddr}
            >
              {profile.qboPrimaryEmailAddr}
            </div>
          )}
        </>
      ),
    },
    {
      key: 'queues',
      header: 'Genesys Queues',
      headerClassName: 'whitespace-normal',
      cell: (profile) =>
        profile.genesysQueueNames.length === 0 ? (
          <span className="text-sm text-slate-600">None</span>
        ) : (
          <div className="flex max-w-[9rem] flex-wrap gap-1 max-md:max-w-full">
            {profile.genesysQueueNames.map((name) => (
              <Badge key={name} tone="blue" className="max-w-full truncate" title={name}>
                {name}
              </Badge>
            ))}
          </div>
        ),
    },
    {
      key: 'qbo',
      header: 'QBO Mapping',
      headerClassName: 'whitespace-normal',
      cell: (profile) => {
        const complete = profileCompleteness(profile);
        return (
          <>
            <div className="text-sm">
              {profile.qboCustomerId ? (
                `ID ${profile.qboCustomerId}`
              ) : (
                <span className="text-slate-600">Not mapped</span>
              )}
            </div>
            <Badge
              tone={BAND_TONES[complete.band]}
              title={`${complete.passedChecks} of ${complete.totalChecks} details`}
            >
              {BAND_LABELS[complete.band]} {complete.percent}%
            </Badge>
          </>
        );
      },
    },
    {
      key: 'billing',
      header: 'Billing Config',
      headerClassName: 'whitespace-normal',
      className: 'text-sm text-slate-700',
      cell: (profile) => (
        <>
          <div className="whitespace-nowrap">
            Day {profile.billDate} · {profile.billTime}
          </div>
          <div className="text-xs whitespace-nowrap text-slate-600">
            Period {profile.billingPeriodStart}–{profile.billingPeriodEnd}
          </div>
          {profile.minimumMinutes > 0 && (
            <div
              className="text-xs whitespace-nowrap text-slate-600"
              title={`Overage ${formatRate(profile.overageRatePerMinute)}/min`}
            >
              Min {formatMinutes(profile.minimumMinutes)}
            </div>
          )}
          {profile.nextRunAt && (
            <div
              className="text-xs whitespace-nowrap text-slate-600"
              title={`Next run ${formatDateTime(profile.nextRunAt)}`}
            >
              Next {formatShortDate(profile.nextRunAt)}
            </div>
          )}
        </>
      ),
    },
    {
      key: 'rate',
      header: 'Rate Per Minute',
      headerClassName: 'whitespace-normal',
      className: 'text-sm whitespace-nowrap',
      cell: (profile) => `${formatRate(profile.ratePerMinute)}/min`,
    },
    {
      key: 'status',
      header: 'Status',
      card: 'badge',
      cell: (profile) => {
        if (profile.archivedAt) {
          return (
            <Badge tone="gray" title={`Archived on ${formatShortDate(profile.archivedAt)}: its invoices are kept`}>
              Archived
            </Badge>
          );
        }
        const status = profileStatus(profile);
        return (
          <Badge tone={STATUS_TONES[status]} className="whitespace-normal">
            {status}
          </Badge>
        );
      },
    },
    actionsColumn((profile) => (
      <div className="flex justify-end gap-0.5 max-md:justify-start max-md:gap-2">
        <Button
          variant="ghost"
          size="sm"
          className="w-8 px-0 max-md:w-auto max-md:px-2"
          aria-label={`Statistics for ${profile.qboDisplayName}`}
          onClick={() => onStatistics(profile)}
        >
          <BarChart3 className="h-4 w-4" aria-hidden /> <span className="md:hidden">Statistics</span>
        </Button>
        {canEdit && (
          <>
            <Button
              variant="ghost"
              size="sm"
              className="w-8 px-0 max-md:w-auto max-md:px-2"
              aria-label={`Edit ${profile.qboDisplayName}`}
              onClick={() => onEdit(profile)}
            >
              <Pencil className="h-4 w-4" aria-hidden /> <span className="md:hidden">Edit</span>
            </Button>
            {profile.archivedAt ? null : (
              <Button
                variant="ghost"
                size="sm"
                className="w-8 px-0 max-md:w-auto max-md:px-2"
                aria-label={`Delete ${profile.qboDisplayName}`}
                onClick={() => onDelete(profile)}
              >
                <Trash2 className="h-4 w-4 text-red-600" aria-hidden /> <span className="md:hidden">Delete</span>
              </Button>
            )}
          </>
        )}
      </div>
    )),
  ];

  return (
    <DataTable
      aria-label="Customer profiles"
      columns={columns}
      rows={rows}
      rowKey={(profile) => profile.id}
      rowTestId="customer-profile-row"
    />
  );
}
