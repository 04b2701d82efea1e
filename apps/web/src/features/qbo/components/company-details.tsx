import type { ReactNode } from 'react';
import { Building2, ExternalLink } from 'lucide-react';
import type { QboCompanyInfoData, QboSetupStatusData } from '@phone-billing/api/schemas';
import { Badge } from '@phone-billing/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { formatCalendarDate, formatDateTime } from '../../../lib/dates';
import { formatDuration } from '../../../lib/format';

type Address = QboCompanyInfoData['CompanyAddr'];

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">
        {children === undefined || children === null || children === '' ? '—' : children}
      </dd>
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
  if (!address || !(address.Line1 || address.City || address.PostalCode))
    return <p className="text-sm text-slate-500">No address on file.</p>;
  const cityLine = [address.City, [address.CountrySubDivisionCode, address.PostalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
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

interface CompanyDetailsProps {
  company: QboCompanyInfoData;
  /** The connection's status; undefined for a user who may not see it (the company still shows). */
  statusData: QboSetupStatusData | undefined;
}

/** The company's sections: overview, addresses, contact, settings, system and connection. */
export function CompanyDetails({ company, statusData }: CompanyDetailsProps) {
  return (
    <>
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
              <a
                href={websiteHref(company.WebAddr.URI)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-blue-600 hover:underline"
              >
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
            <Field label="Start Date">
              {company.CompanyStartDate ? formatCalendarDate(company.CompanyStartDate) : null}
            </Field>
            <Field label="Domain">{company.domain}</Field>
            <Field label="Sync Token">{company.SyncToken}</Field>
            <Field label="Created">
              {company.MetaData?.CreateTime ? formatDateTime(company.MetaData.CreateTime) : null}
            </Field>
            <Field label="Last Updated">
              {company.MetaData?.LastUpdatedTime ? formatDateTime(company.MetaData.LastUpdatedTime) : null}
            </Field>
          </dl>
        </Section>
        <Section title="Connection Status">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Field label="Status">
              <Badge tone={statusData ? (statusData.connected ? 'green' : 'red') : 'green'}>
                {statusData ? (statusData.connected ? 'Connected' : 'Connection problem') : 'Connected'}
              </Badge>
            </Field>
            <Field label="Environment">
              {statusData?.environment ? (
                <span className="inline-flex items-center gap-2">
                  {statusData.environment}
                  {statusData.simulated ? <Badge tone="purple">Simulated</Badge> : null}
                </span>
              ) : null}
            </Field>
            <Field label="Token Expires In">
              {statusData ? formatDuration(statusData.tokenStatus.expiresIn) : null}
            </Field>
            <Field label="Last Checked">
              {statusData?.lastCheckedAt ? formatDateTime(statusData.lastCheckedAt) : null}
            </Field>
          </dl>
          {statusData?.lastError ? <p className="mt-3 text-sm text-red-700">{statusData.lastError}</p> : null}
        </Section>
      </div>
    </>
  );
}
