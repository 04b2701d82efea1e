import type { TCustomerProfile } from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { actionsColumn, DataTable, type DataColumn } from '@phone-billing/ui/data-table';
import { BarChart3, Pencil, Trash2, type LucideIcon } from 'lucide-react';
import { formatRate } from '../../../lib/format';
import {
  ProfileBillingCell,
  ProfileCustomerCell,
  ProfileQboCell,
  ProfileQueuesCell,
  ProfileStatusBadge,
} from './customer-profile-cells';

interface CustomerProfilesTableProps {
  rows: TCustomerProfile[];
  /** Whether Edit and Delete are offered (customer:edit). */
  canEdit: boolean;
  onStatistics: (profile: TCustomerProfile) => void;
  onEdit: (profile: TCustomerProfile) => void;
  onDelete: (profile: TCustomerProfile) => void;
}

/** An icon button in a table row that, on a phone's card, also says its label beside the icon. */
function RowActionButton({
  icon: Icon,
  label,
  name,
  onClick,
  danger = false,
}: {
  icon: LucideIcon;
  label: string;
  /** The accessible name, which says which profile it acts on. */
  name: string;
  onClick: () => void;
  danger?: boolean;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className="w-8 px-0 max-md:w-auto max-md:px-2"
      aria-label={name}
      onClick={onClick}
    >
      <Icon className={danger ? 'h-4 w-4 text-red-600' : 'h-4 w-4'} aria-hidden />{' '}
      <span className="md:hidden">{label}</span>
    </Button>
  );
}

/** Statistics for everyone; Edit and, unless archived, Delete with customer:edit. */
function ProfileRowActions({
  profile,
  canEdit,
  onStatistics,
  onEdit,
  onDelete,
}: Omit<CustomerProfilesTableProps, 'rows'> & { profile: TCustomerProfile }) {
  const name = profile.qboDisplayName;
  return (
    <div className="flex justify-end gap-0.5 max-md:justify-start max-md:gap-2">
      <RowActionButton
        icon={BarChart3}
        label="Statistics"
        name={`Statistics for ${name}`}
        onClick={() => onStatistics(profile)}
      />
      {canEdit && (
        <>
          <RowActionButton icon={Pencil} label="Edit" name={`Edit ${name}`} onClick={() => onEdit(profile)} />
          {profile.archivedAt ? null : (
            <RowActionButton
              icon={Trash2}
              label="Delete"
              name={`Delete ${name}`}
              onClick={() => onDelete(profile)}
              danger
            />
          )}
        </>
      )}
    </div>
  );
}

/** The profile list: a table on wide screens, one card per profile on narrow ones. */
export function CustomerProfilesTable({ rows, ...actions }: CustomerProfilesTableProps) {
  const columns: DataColumn<TCustomerProfile>[] = [
    {
      key: 'customer',
      header: 'Customer',
      card: 'title',
      cell: (profile) => <ProfileCustomerCell profile={profile} />,
    },
    {
      key: 'queues',
      header: 'Genesys Queues',
      headerClassName: 'whitespace-normal',
      cell: (profile) => <ProfileQueuesCell profile={profile} />,
    },
    {
      key: 'qbo',
      header: 'QBO Mapping',
      headerClassName: 'whitespace-normal',
      cell: (profile) => <ProfileQboCell profile={profile} />,
    },
    {
      key: 'billing',
      header: 'Billing Config',
      headerClassName: 'whitespace-normal',
      className: 'text-sm text-slate-700',
      cell: (profile) => <ProfileBillingCell profile={profile} />,
    },
    {
      key: 'rate',
      header: 'Rate Per Minute',
      headerClassName: 'whitespace-normal',
      className: 'text-sm whitespace-nowrap',
      cell: (profile) => `${formatRate(profile.ratePerMinute)}/min`,
    },
    { key: 'status', header: 'Status', card: 'badge', cell: (profile) => <ProfileStatusBadge profile={profile} /> },
    actionsColumn((profile) => <ProfileRowActions profile={profile} {...actions} />),
  ];

  return <DataTable aria-label="Customer profiles" columns={columns} rows={rows} rowTestId="customer-profile-row" />;
}
