import { PagePlaceholder } from '../../../components/page-placeholder';

export default function AccessControlPage() {
  return <PagePlaceholder title="Access Control" />;
}
