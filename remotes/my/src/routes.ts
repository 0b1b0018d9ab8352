/** The my remote's pages (exposed as `./routes`): every route of spec §2 it owns. */
import { routePaths } from '@app/host-sdk/paths';
import { pageMeta, type RemoteRoute } from '@app/host-sdk/route-meta';

export const routes: RemoteRoute[] = [
  {
    path: routePaths.my,
    meta: pageMeta('My', '我的', { tabBar: true }),
    page: () => import('./pages/my/MyPage'),
  },
  {
    path: routePaths.myShopCode,
    meta: pageMeta('MyShopCode', '店铺码'),
    page: () => import('./pages/my-shop-code/MyShopCodePage'),
  },
  {
    path: routePaths.myTaxAccount,
    meta: pageMeta('MyTaxAccount', '税务账号'),
    page: () => import('./pages/my-tax-account/MyTaxAccountPage'),
  },
  {
    path: routePaths.myTaxAccountSet,
    meta: pageMeta('MyTaxAccountSet', '设置税务账号'),
    page: () => import('./pages/my-tax-account-set/MyTaxAccountSetPage'),
  },
  {
    path: routePaths.myTaxAccountResetHelp,
    meta: pageMeta('MyTaxAccountResetHelp', '重置密码帮助'),
    page: () => import('./pages/my-tax-account-reset-help/MyTaxAccountResetHelpPage'),
  },
  {
    path: routePaths.myContactUs,
    meta: pageMeta('MyContactUs', '联系客服'),
    page: () => import('./pages/my-contact-us/MyContactUsPage'),
  },
  {
    path: routePaths.myCompanyGoods,
    meta: pageMeta('MyCompanyGoods', '商品管理'),
    page: () => import('./pages/my-company-goods/MyCompanyGoodsPage'),
  },
  {
    path: routePaths.myCompanyGoodsAdd,
    meta: pageMeta('MyCompanyGoodsAdd', '新增商品'),
    page: () => import('./pages/my-company-goods-add/MyCompanyGoodsAddPage'),
  },
  {
    path: routePaths.myCompanyUsers,
    meta: pageMeta('MyCompanyUsers', '员工管理'),
    page: () => import('./pages/my-company-users/MyCompanyUsersPage'),
  },
  {
    path: routePaths.myCompanyUsersAdd,
    meta: pageMeta('MyCompanyUsersAdd', '添加员工'),
    page: () => import('./pages/my-company-users-add/MyCompanyUsersAddPage'),
  },
  {
    path: routePaths.myCompanies,
    meta: pageMeta('MyCompanies', '我的企业'),
    page: () => import('./pages/my-companies/MyCompaniesPage'),
  },
  {
    path: routePaths.myCompanyBind,
    meta: pageMeta('MyCompanyBind', '绑定企业'),
    page: () => import('./pages/my-company-bind/MyCompanyBindPage'),
  },
  {
    path: routePaths.myIncomeStatistics,
    meta: pageMeta('IncomeStatistics', '收入统计'),
    page: () => import('./pages/income-statistics/IncomeStatisticsPage'),
  },
  {
    path: routePaths.myInvoiceStatistics,
    meta: pageMeta('InvoiceStatistics', '开票统计'),
    page: () => import('./pages/invoice-statistics/InvoiceStatisticsPage'),
  },
  {
    path: routePaths.mySubCodes,
    meta: pageMeta('MySubCodes', '子码管理'),
    page: () => import('./pages/my-sub-codes/MySubCodesPage'),
  },
  {
    path: routePaths.mySubCodeAdd,
    meta: pageMeta('MySubCodeAdd', '新增子码'),
    page: () => import('./pages/sub-code-form/SubCodeFormPage'),
  },
  {
    path: routePaths.mySubCodeEdit,
    meta: pageMeta('MySubCodeEdit', '编辑子码'),
    page: () => import('./pages/sub-code-form/SubCodeFormPage'),
  },
  {
    path: routePaths.mySubCodeQrcode,
    meta: pageMeta('MySubCodeQrcode', '子码二维码'),
    page: () => import('./pages/my-sub-code-qrcode/MySubCodeQrcodePage'),
  },
  {
    path: routePaths.toolsLifeServices,
    meta: pageMeta('LifeServicesJoin', '生活服务入驻'),
    page: () => import('./pages/life-services-join/LifeServicesJoinPage'),
  },
];
