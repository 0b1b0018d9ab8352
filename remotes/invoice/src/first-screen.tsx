/**
 * The invoice remote's first-screen build (docs/architecture.md, "First screens from the server"): the server paints a
 * company user's home (`/`), 发票列表 (`/invoice/list`, its first page from the answer the page carries) and the empty
 * 开具发票 form (`/invoice/create`, inert until the app takes its place) with it; anyone else's home loads a part of its
 * own first and is left to the app.
 */
import type { UserDetail } from '@app/contract/user';
import { appPaths } from '@app/host-sdk/paths';
import { isCompanyUser } from '@app/host-sdk/roles';
import { tabFirstScreen } from '@app/host-sdk/tab-first-screen-server';
import { HOME_META } from './pages/invoice-default-create/home-meta';
import InvoiceCreatePage from './pages/invoice-create/InvoiceCreatePage';
import { INVOICE_CREATE_META } from './pages/invoice-create/invoice-create-meta';
import InvoiceDefaultCreatePage from './pages/invoice-default-create/InvoiceDefaultCreatePage';
import InvoiceListPage from './pages/invoice-list/InvoiceListPage';
import { INVOICE_LIST_META } from './pages/invoice-list/invoice-list-meta';
import { paths } from './paths';

const companyUser = (user: UserDetail) => isCompanyUser(user) && !!user.companyInfo;

export const { render } = tabFirstScreen('invoice', [
  { path: appPaths.home, meta: HOME_META, Page: InvoiceDefaultCreatePage, paints: companyUser },
  { path: paths.invoiceList, meta: INVOICE_LIST_META, Page: InvoiceListPage, paints: companyUser },
  { path: paths.invoiceCreate, meta: INVOICE_CREATE_META, Page: InvoiceCreatePage, paints: companyUser, takesInput: true },
]);
