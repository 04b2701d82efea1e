import { PagePlaceholder } from '../../../components/page-placeholder';

export default function DashboardPage() {
  return <PagePlaceholder title="Dashboard" />;
}
