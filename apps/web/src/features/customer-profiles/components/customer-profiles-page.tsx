import { PagePlaceholder } from '../../../components/page-placeholder';

export default function CustomerProfilesPage() {
  return <PagePlaceholder title="Customer Profiles" />;
}
