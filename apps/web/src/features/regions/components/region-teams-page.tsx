import { PagePlaceholder } from '../../../components/page-placeholder';

export default function RegionTeamsPage() {
  return <PagePlaceholder title="Region & Team Management" />;
}
