/**
 * What a taxi company's page shows anyone else (docs/product.md, "Roles": a taxi user holds taxi_trip_manage): that the
 * page is for taxi companies, and what they do there.
 */
import { Page } from '@app/ui/page';
import { StatusView } from '@app/ui/status-view';

export function TaxiOnlyPage({ title, description }: { title: string; description: string }) {
  return (
    <Page title={title}>
      <StatusView icon="refused" title="仅出租车企业可用" description={description} />
    </Page>
  );
}
