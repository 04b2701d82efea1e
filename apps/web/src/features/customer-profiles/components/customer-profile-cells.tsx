import {
  profileCompleteness,
  profileStatus,
  type CompletenessBand,
  type ProfileStatus,
  type TCustomerProfile,
} from '@phone-billing/api/schemas';
import { Badge, type BadgeTone } from '@phone-billing/ui/badge';
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

/** The customer's name, its company where it differs, and its e-mail. */
export function ProfileCustomerCell({ profile }: { profile: TCustomerProfile }) {
  return (
    <>
      <div className="max-w-64 font-medium wrap-anywhere text-slate-900 max-md:max-w-full">
        {profile.qboDisplayName}
      </div>
      {profile.qboCompanyName && profile.qboCompanyName !== profile.qboDisplayName && (
        <div className="max-w-64 text-xs wrap-anywhere text-slate-600 max-md:max-w-full">{profile.qboCompanyName}</div>
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
  );
}

/** The profile's Genesys queues as chips, or None. */
export function ProfileQueuesCell({ profile }: { profile: TCustomerProfile }) {
  return profile.genesysQueueNames.length === 0 ? (
    <span className="text-sm text-slate-600">None</span>
  ) : (
    <div className="flex max-w-[9rem] flex-wrap gap-1 max-md:max-w-full">
      {profile.genesysQueueNames.map((name) => (
        <Badge key={name} tone="blue" className="max-w-full truncate" title={name}>
          {name}
        </Badge>
      ))}
    </div>
  );
}

/** The QuickBooks customer id (or Not mapped) over how complete the profile's details are. */
export function ProfileQboCell({ profile }: { profile: TCustomerProfile }) {
  const complete = profileCompleteness(profile);
  return (
    <>
      <div className="text-sm">
        {profile.qboCustomerId ? `ID ${profile.qboCustomerId}` : <span className="text-slate-600">Not mapped</span>}
      </div>
      <Badge tone={BAND_TONES[complete.band]} title={`${complete.passedChecks} of ${complete.totalChecks} details`}>
        {BAND_LABELS[complete.band]} {complete.percent}%
      </Badge>
    </>
  );
}

/** Bill day and time, period, minimum and next run, each on its own line. */
export function ProfileBillingCell({ profile }: { profile: TCustomerProfile }) {
  return (
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
  );
}

/** Archived (with when), or the status profileStatus gives it. */
export function ProfileStatusBadge({ profile }: { profile: TCustomerProfile }) {
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
}
