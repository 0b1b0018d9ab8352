/** The my remote's pages (exposed as `./routes`): every route of docs/product.md, "Screens and the host" it owns. */
import { appPaths } from '@app/host-sdk/paths';
import { pageMeta, type RemoteRoute } from '@app/host-sdk/route-meta';
import { MY_META } from './pages/my/my-meta';
import { paths } from './paths';

export const routes: RemoteRoute[] = [
  { path: appPaths.my, meta: MY_META, page: () => import('./pages/my/MyPage') },
  { path: paths.myShopCode, meta: pageMeta('MyShopCode', '店铺码'), page: () => import('./pages/my-shop-code/MyShopCodePage') },
  {
    path: appPaths.myTaxAccount,
    meta: pageMeta('MyTaxAccount', '税务账号'),
    page: () => import('./pages/my-tax-account/MyTaxAccountPage'),
  },
  {
    path: paths.myTaxAccountSet,
    meta: pageMeta('MyTaxAccountSet', '设置税务账号'),
    page: () => import('./pages/my-tax-account-set/MyTaxAccountSetPage'),
  },
  {
    path: paths.myTaxAccountResetHelp,
    meta: pageMeta('MyTaxAccountResetHelp', '重置密码帮助'),
    page: () => import('./pages/my-tax-account-reset-help/MyTaxAccountResetHelpPage'),
  },
  { path: appPaths.myContactUs, meta: pageMeta('MyContactUs', '联系客服'), page: () => import('./pages/my-contact-us/MyContactUsPage') },
  {
    path: paths.myCompanyGoods,
    meta: pageMeta('MyCompanyGoods', '商品管理'),
    page: () => import('./pages/my-company-goods/MyCompanyGoodsPage'),
  },
  {
    path: appPaths.myCompanyGoodsAdd,
    meta: pageMeta('MyCompanyGoodsAdd', '新增商品'),
    page: () => import('./pages/my-company-goods-add/MyCompanyGoodsAddPage'),
  },
  {
    path: paths.myCompanyUsers,
    meta: pageMeta('MyCompanyUsers', '员工管理'),
    page: () => import('./pages/my-company-users/MyCompanyUsersPage'),
  },
  { path: appPaths.myAudit, meta: pageMeta('MyAudit', '操作日志'), page: () => import('./pages/my-audit/MyAuditPage') },
  {
    path: paths.myCompanyUsersAdd,
    meta: pageMeta('MyCompanyUsersAdd', '添加员工'),
    page: () => import('./pages/my-company-users-add/MyCompanyUsersAddPage'),
  },
  { path: appPaths.myCompanies, meta: pageMeta('MyCompanies', '我的企业'), page: () => import('./pages/my-companies/MyCompaniesPage') },
  {
    path: appPaths.myCompanyBind,
    meta: pageMeta('MyCompanyBind', '绑定企业'),
    page: () => import('./pages/my-company-bind/MyCompanyBindPage'),
  },
  {
    path: paths.myIncomeStatistics,
    meta: pageMeta('IncomeStatistics', '收入统计'),
    page: () => import('./pages/income-statistics/IncomeStatisticsPage'),
  },
  {
    path: paths.myInvoiceStatistics,
    meta: pageMeta('InvoiceStatistics', '开票统计'),
    page: () => import('./pages/invoice-statistics/InvoiceStatisticsPage'),
  },
  { path: paths.mySubCodes, meta: pageMeta('MySubCodes', '子码管理'), page: () => import('./pages/my-sub-codes/MySubCodesPage') },
  { path: paths.mySubCodeAdd, meta: pageMeta('MySubCodeAdd', '新增子码'), page: () => import('./pages/sub-code-form/SubCodeFormPage') },
  { path: paths.mySubCodeEdit, meta: pageMeta('MySubCodeEdit', '编辑子码'), page: () => import('./pages/sub-code-form/SubCodeFormPage') },
  {
    path: paths.mySubCodeQrcode,
    meta: pageMeta('MySubCodeQrcode', '子码二维码'),
    page: () => import('./pages/my-sub-code-qrcode/MySubCodeQrcodePage'),
  },
  {
    path: paths.toolsLifeServices,
    meta: pageMeta('LifeServicesJoin', '生活服务入驻'),
    page: () => import('./pages/life-services-join/LifeServicesJoinPage'),
  },
  { path: paths.mySettings, meta: pageMeta('MySettings', '设置'), page: () => import('./pages/my-settings/MySettingsPage') },
  {
    path: appPaths.myAccountDeletion,
    meta: pageMeta('MyAccountDeletion', '注销账号'),
    page: () => import('./pages/my-account-deletion/MyAccountDeletionPage'),
  },
];
