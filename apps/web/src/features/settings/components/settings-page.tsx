import { PagePlaceholder } from '../../../components/page-placeholder';

export default function SettingsPage() {
  return <PagePlaceholder title="Settings" />;
}
