import { PagePlaceholder } from '../../../components/page-placeholder';

export default function QboCallbackPage() {
  return <PagePlaceholder title="QBO Callback" />;
}
