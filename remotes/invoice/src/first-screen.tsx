/**
 * The invoice remote's first-screen build (docs/architecture.md, "First screens from the server"): the server paints a
 * company user's home (`/`) with it; anyone else's home loads a part of its own first and is left to the app.
 */
import { appPaths } from '@app/host-sdk/paths';
import { isCompanyUser } from '@app/host-sdk/roles';
import { tabFirstScreen } from '@app/host-sdk/tab-first-screen-server';
import { HOME_META } from './pages/invoice-default-create/home-meta';
import InvoiceDefaultCreatePage from './pages/invoice-default-create/InvoiceDefaultCreatePage';

export const { render } = tabFirstScreen('invoice', [
  { path: appPaths.home, meta: HOME_META, Page: InvoiceDefaultCreatePage, paints: (user) => isCompanyUser(user) && !!user.companyInfo },
]);
