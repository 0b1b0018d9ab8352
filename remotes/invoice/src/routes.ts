/** The invoice remote's pages (exposed as `./routes`): every route of docs/product.md, "Screens and the host" it owns. */
import { appPaths } from '@app/host-sdk/paths';
import { pageMeta, type RemoteRoute } from '@app/host-sdk/route-meta';
import { HOME_META } from './pages/invoice-default-create/home-meta';
import { INVOICE_CREATE_META } from './pages/invoice-create/invoice-create-meta';
import { INVOICE_LIST_META } from './pages/invoice-list/invoice-list-meta';
import { paths } from './paths';

export const routes: RemoteRoute[] = [
  {
    path: appPaths.home,
    meta: HOME_META,
    page: () => import('./pages/invoice-default-create/InvoiceDefaultCreatePage'),
  },
  {
    path: paths.invoiceCreate,
    meta: INVOICE_CREATE_META,
    page: () => import('./pages/invoice-create/InvoiceCreatePage'),
  },
  {
    path: paths.invoiceReturn,
    meta: pageMeta('InvoiceReturn', '红字发票'),
    page: () => import('./pages/invoice-return/InvoiceReturnPage'),
  },
  {
    path: paths.invoiceList,
    meta: INVOICE_LIST_META,
    page: () => import('./pages/invoice-list/InvoiceListPage'),
  },
  {
    path: paths.invoiceApplyingList,
    meta: pageMeta('InvoiceApplyingList', '开票申请', { keepAlive: false }),
    page: () => import('./pages/invoice-applying-list/InvoiceApplyingListPage'),
  },
  {
    path: paths.invoiceWaitingList,
    meta: pageMeta('InvoiceWaitingList', '待开票', { keepAlive: false }),
    page: () => import('./pages/invoice-waiting-list/InvoiceWaitingListPage'),
  },
  {
    path: paths.invoiceTaskList,
    meta: pageMeta('InvoiceTaskList', '开票任务', { keepAlive: false }),
    page: () => import('./pages/invoice-task-list/InvoiceTaskListPage'),
  },
  {
    path: appPaths.invoiceTaskDetail,
    meta: pageMeta('InvoiceTaskDetail', '任务详情'),
    page: () => import('./pages/invoice-task-detail/InvoiceTaskDetailPage'),
  },
  {
    path: paths.invoiceQrcode,
    meta: pageMeta('InvoiceQrcode', '开票二维码'),
    page: () => import('./pages/invoice-qrcode/InvoiceQrcodePage'),
  },
  { path: appPaths.titlesList, meta: pageMeta('TitlesList', '发票抬头'), page: () => import('./pages/titles-list/TitlesListPage') },
  { path: paths.titlesCreate, meta: pageMeta('TitlesCreate', '新增抬头'), page: () => import('./pages/titles-create/TitlesCreatePage') },
];
