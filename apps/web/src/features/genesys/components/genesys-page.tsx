import { PagePlaceholder } from '../../../components/page-placeholder';

export default function GenesysPage() {
  return <PagePlaceholder title="Genesys Cloud" />;
}
