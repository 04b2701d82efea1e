import { PagePlaceholder } from '../../../components/page-placeholder';

export default function BillingJobsPage() {
  return <PagePlaceholder title="Billing Jobs" />;
}
