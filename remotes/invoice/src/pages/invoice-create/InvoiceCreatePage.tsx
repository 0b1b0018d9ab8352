/**
 * `/invoice/create`: the full blue-invoice form — type, buyer (from a title or typed), goods lines with quantity,
 * unit price or amount and rate, totals with the capital-numeral total, remarks, where to send it. Only company users
 * issue invoices; anyone else is pointed to binding a company.
 */
import { useRouteMeta } from '@app/host-sdk/router';
import { useSession } from '@app/host-sdk/session-hooks';
import { Page } from '@app/ui/page';
import { CompanyOnlyPage } from '@app/widgets/company-only';
import { BlueInvoiceForm } from '../../features/blue-invoice-form/BlueInvoiceForm';

export default function InvoiceCreatePage() {
  const meta = useRouteMeta();
  const { isCompanyUser } = useSession();
  const title = meta?.title ?? '开具发票';
  if (!isCompanyUser) {
    return <CompanyOnlyPage title={title} heading="仅企业用户可开票" description="绑定企业后，企业管理员和员工可在此开具数电发票" />;
  }
  return (
    <Page title={title}>
      <BlueInvoiceForm />
    </Page>
  );
}
