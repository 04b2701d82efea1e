import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { Building2, ExternalLink, RefreshCw, Settings2 } from 'lucide-react';
import type { QboCompanyInfoData } from '@phone-billing/api/schemas';
import { Alert } from '@phone-billing/ui/alert';
import { Badge } from '@phone-billing/ui/badge';
import { Button, buttonClasses } from '@phone-billing/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { Spinner } from '@phone-billing/ui/spinner';
import { formatCalendarDate, formatDateTime } from '../../../lib/dates';
import { usePermission } from '../../../lib/auth-store';
import { formatDuration } from '../../../lib/format';
import { errorMessage } from '../../../lib/trpc';
import { useCompanyInfo } from '../api/get-company-info';
import { useQboStatus } from '../api/get-qbo-status';

type Address = QboCompanyInfoData['CompanyAddr'];

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children === undefined || children === null || children === '' ? '—' : children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function AddressBlock({ address }: { address: Address }) {
  if (!address || !(address.Line1 || address.City || address.PostalCode)) return <p className="text-sm text-slate-500">No address on file.</p>;
  const cityLine = [address.City, [address.CountrySubDivisionCode, address.PostalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <address className="text-sm leading-6 text-slate-900 not-italic">
      {[address.Line1, address.Line2, address.Line3].filter(Boolean).map((line) => (
        <div key={line}>{line}</div>
      ))}
      {cityLine ? <div>{cityLine}</div> : null}
      {address.Country ? <div>{address.Country}</div> : null}
    </address>
  );
}

function websiteHref(uri: string): string {
  return /^https?:\/\//i.test(uri) ? uri : `https://${uri}`;
}

function QboSetupLink() {
  return (
    <Link to="/qbo-setup" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
      <Settings2 aria-hidden className="size-4" /> QBO Setup
    </Link>
  );
}

/** The connected QuickBooks company's details (spec 000 §2 Company Info). */
export default function CompanyInfoPage() {
  const canSeeStatus = usePermission('integration:qbo');
  const status = useQboStatus({ enabled: canSeeStatus });
  const connectedKnown = !canSeeStatus || status.data !== undefined || status.isError;
  const notConnected = canSeeStatus && status.data !== undefined && !status.data.data.authenticated;
  const info = useCompanyInfo(connectedKnown && !notConnected);

  useEffect(() => {
    if (info.error) toast.error('Failed to fetch company information');
  }, [info.error]);

  const refresh = () => {
    if (canSeeStatus) void status.refetch();
    void info.refetch();
  };

  const header = (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          QuickBooks Company
          {status.data?.data.simulated ? <Badge tone="purple">Simulated</Badge> : null}
        </h2>
        <p className="text-sm text-slate-500">Details of the company connected in QuickBooks Online.</p>
      </div>
      <div className="flex gap-2">
        <QboSetupLink />
        <Button variant="outline" size="sm" onClick={refresh} loading={info.isFetching}>
          <RefreshCw aria-hidden className="size-4" /> Refresh
        </Button>
      </div>
    </div>
  );

  if ((canSeeStatus && status.isLoading) || info.isLoading) {
    return (
      <div className="space-y-6">
        {header}
        <div className="flex justify-center p-12">
          <Spinner label="Loading company information" />
        </div>
      </div>
    );
  }

  if (info.error) {
    return (
      <div className="space-y-6">
        {header}
        <Alert tone="error" title="Failed to fetch company information" action={<Button variant="outline" size="sm" onClick={refresh}>Retry</Button>}>
          {errorMessage(info.error, 'Failed to fetch company information')}
        </Alert>
      </div>
    );
  }

  const company = info.data?.data.CompanyInfo;
  if (!company) {
    return (
      <div className="space-y-6">
        {header}
        <Card>
          <EmptyState
            icon={<Building2 />}
            title="No company information"
            description={notConnected ? 'QuickBooks is not connected. Connect it in QBO Setup to see your company here.' : 'QuickBooks returned no company information.'}
            action={
              <div className="flex justify-center gap-2">
                <Button variant="outline" size="sm" onClick={refresh}>
                  <RefreshCw aria-hidden className="size-4" /> Refresh
                </Button>
                <QboSetupLink />
              </div>
            }
          />
        </Card>
      </div>
    );
  }

  const statusData = status.data?.data;
  return (
    <div className="space-y-6">
      {header}

      <Section title="Overview">
        <div className="mb-4 flex items-center gap-3">
          <div className="flex size-12 items-center justify-center rounded-lg bg-blue-100 text-blue-700">
            <Building2 aria-hidden className="size-6" />
          </div>
          <div>
            <p className="text-xl font-semibold text-slate-900">{company.CompanyName}</p>
            {company.LegalName ? <p className="text-sm text-slate-500">{company.LegalName}</p> : null}
          </div>
        </div>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="Company Name">{company.CompanyName}</Field>
          <Field label="Legal Name">{company.LegalName}</Field>
          <Field label="Country">{company.Country}</Field>
          <Field label="Fiscal Year Start">{company.FiscalYearStartMonth}</Field>
          <Field label="Company ID">{company.Id}</Field>
          <Field label="Supported Languages">{company.SupportedLanguages}</Field>
        </dl>
      </Section>

      <div className="grid gap-6 md:grid-cols-2">
        <Section title="Company Address">
          <AddressBlock address={company.CompanyAddr} />
        </Section>
        <Section title="Legal Address">
          <AddressBlock address={company.LegalAddr} />
        </Section>
      </div>

      <Section title="Contact Information">
        <dl className="grid gap-4 sm:grid-cols-2">
          <Field label="Email">{company.Email?.Address}</Field>
          <Field label="Customer Communication Email">{company.CustomerCommunicationEmailAddr?.Address}</Field>
          <Field label="Primary Phone">{company.PrimaryPhone?.FreeFormNumber}</Field>
          <Field label="Website">
            {company.WebAddr?.URI ? (
              <a href={websiteHref(company.WebAddr.URI)} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-blue-600 hover:underline">
                {company.WebAddr.URI} <ExternalLink aria-hidden className="size-3.5" />
              </a>
            ) : null}
          </Field>
        </dl>
      </Section>

      <Section title="Company Settings">
        {company.NameValue && company.NameValue.length > 0 ? (
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            {company.NameValue.map((pair) => (
              <div key={pair.Name} className="flex items-center justify-between gap-3 border-b border-slate-100 pb-2">
                <dt className="text-sm text-slate-600">{pair.Name}</dt>
                <dd className="text-sm font-medium text-slate-900">{pair.Value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-sm text-slate-500">No company settings reported.</p>
        )}
      </Section>

      <div className="grid gap-6 md:grid-cols-2">
        <Section title="System Information">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Field label="Timezone">{company.DefaultTimeZone}</Field>
            <Field label="Start Date">{company.CompanyStartDate ? formatCalendarDate(company.CompanyStartDate) : null}</Field>
            <Field label="Domain">{company.domain}</Field>
            <Field label="Sync Token">{company.SyncToken}</Field>
            <Field label="Created">{company.MetaData?.CreateTime ? formatDateTime(company.MetaData.CreateTime) : null}</Field>
            <Field label="Last Updated">{company.MetaData?.LastUpdatedTime ? formatDateTime(company.MetaData.LastUpdatedTime) : null}</Field>
          </dl>
        </Section>
        <Section title="Connection Status">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Field label="Status">
              <Badge tone={statusData ? (statusData.connected ? 'green' : 'red') : 'green'}>{statusData ? (statusData.connected ? 'Connected' : 'Connection problem') : 'Connected'}</Badge>
            </Field>
            <Field label="Environment">
              {statusData?.environment ? (
                <span className="inline-flex items-center gap-2">
                  {statusData.environment}
                  {statusData.simulated ? <Badge tone="purple">Simulated</Badge> : null}
                </span>
              ) : null}
            </Field>
            <Field label="Token Expires In">{statusData ? formatDuration(statusData.tokenStatus.expiresIn) : null}</Field>
            <Field label="Last Checked">{statusData?.lastCheckedAt ? formatDateTime(statusData.lastCheckedAt) : null}</Field>
          </dl>
          {statusData?.lastError ? <p className="mt-3 text-sm text-red-700">{statusData.lastError}</p> : null}
        </Section>
      </div>
    </div>
  );
}
