import { PagePlaceholder } from '../../../components/page-placeholder';

export default function QboSetupPage() {
  return <PagePlaceholder title="QBO Setup" />;
}
