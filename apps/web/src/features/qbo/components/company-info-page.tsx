import { PagePlaceholder } from '../../../components/page-placeholder';

export default function CompanyInfoPage() {
  return <PagePlaceholder title="Company Info" />;
}
