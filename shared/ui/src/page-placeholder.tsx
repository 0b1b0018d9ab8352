/** The body of a screen whose content is still to come: names what the page is for. */
import { StatusView } from './status-view';

export interface PagePlaceholderProps {
  /** What this page will let the user do, in one sentence. */
  purpose: string;
}

export function PagePlaceholder({ purpose }: PagePlaceholderProps) {
  return <StatusView icon="building" title="页面建设中" description={purpose} />;
}
