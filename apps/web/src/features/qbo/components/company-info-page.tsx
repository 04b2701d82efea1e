import { useEffect } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { Building2, RefreshCw, Settings2 } from 'lucide-react';
import { Alert } from '@phone-billing/ui/alert';
import { Badge } from '@phone-billing/ui/badge';
import { Button, buttonClasses } from '@phone-billing/ui/button';
import { Card } from '@phone-billing/ui/card';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { Spinner } from '@phone-billing/ui/spinner';
import { AccessRestrictedNotice } from '../../../components/errors/access-restricted';
import { usePermission } from '../../../lib/auth-store';
import { errorMessage } from '../../../lib/trpc';
import { useCompanyInfo } from '../api/get-company-info';
import { useQboStatus } from '../api/get-qbo-status';
import { CompanyDetails } from './company-details';

function QboSetupLink() {
  return (
    <Link to="/qbo-setup" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
      <Settings2 aria-hidden className="size-4" /> QBO Setup
    </Link>
  );
}

/** The connected QuickBooks company's details (spec 000 §2 Company Info). */
export default function CompanyInfoPage() {
  const canSeeCompany = usePermission('integration:qbo', 'settings:manage');
  if (!canSeeCompany)
    return (
      <AccessRestrictedNotice>
        Company Info needs the settings:manage or integration:qbo permission.
      </AccessRestrictedNotice>
    );
  return <CompanyInfoScreen />;
}

function CompanyInfoScreen() {
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
        <Alert
          tone="error"
          title="Failed to fetch company information"
          action={
            <Button variant="outline" size="sm" onClick={refresh}>
              Retry
            </Button>
          }
        >
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
            description={
              notConnected
                ? 'QuickBooks is not connected. Connect it in QBO Setup to see your company here.'
                : 'QuickBooks returned no company information.'
            }
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

      <CompanyDetails company={company} statusData={statusData} />
    </div>
  );
}
