/** The body of a screen whose content is still to come: names what the page is for. */
import ErrorBlock from 'antd-mobile/es/components/error-block';

export interface PagePlaceholderProps {
  /** What this page will let the user do, in one sentence. */
  purpose: string;
}

export function PagePlaceholder({ purpose }: PagePlaceholderProps) {
  return (
    <ErrorBlock status="empty" title="页面建设中" description={purpose} style={{ padding: '48px 24px' }} />
  );
}
