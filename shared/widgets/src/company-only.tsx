/**
 * What a page for company users shows anyone else (docs/product.md, "Roles"): that it is for company users, what
 * they do there, and 绑定企业 (the my remote's bind page, a page that crosses apps).
 */
import { appHref } from '@app/host-sdk/paths';
import { useNavigate } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { Page } from '@app/ui/page';
import { StatusView } from '@app/ui/status-view';

export interface CompanyOnlyPageProps {
  /** The page's title. */
  title: string;
  /** 仅企业用户可开票. */
  heading: string;
  /** What company users do on this page. */
  description: string;
}

export function CompanyOnlyPage({ title, heading, description }: CompanyOnlyPageProps) {
  const navigate = useNavigate();
  return (
    <Page title={title}>
      <StatusView icon="refused" title={heading} description={description}>
        <Button block color="primary" onClick={() => navigate(appHref('myCompanyBind'))}>
          绑定企业
        </Button>
      </StatusView>
    </Page>
  );
}
