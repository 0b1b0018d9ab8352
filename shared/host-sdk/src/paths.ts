/**
 * The pages that cross apps, by name, with their typed builder: `appHref('myCompanyBind')`,
 * `appHref('invoiceTaskDetail', {}, { id })`, `appHref('shop', { code })`.
 *
 * The rule: a path goes here only when another app links to it. That is the four tabs, the host's own pages, and the
 * few pages of one remote that the host or another remote navigates to. Every other page belongs to the remote that
 * owns it and is named only in that remote's `src/paths.ts` (built with `definePaths` from
 * `@app/host-sdk/define-paths`), so a remote adds a page without a host release. A remote that owns one of the pages
 * here routes it with the entry here (`path: appPaths.myCompanyBind` in its `routes.ts`), so each pattern is written
 * once.
 *
 * `routePaths` and `href` below are FROZEN: the full table of @app/host-sdk 1.1 (`frozenRoutePaths`), kept for the
 * remotes already built against it. Their pages read this module from the host at run time (Module Federation shares
 * it), so removing a name would break them on a 1.x host. No current source uses them; they go at the next major.
 */
import { definePaths, type PathName, type StaticPathName } from './define-paths';

export const { paths: appPaths, href: appHref } = definePaths({
  // the tabs
  home: '/',
  ticketIndex: '/ticket/index',
  paymentList: '/payment/list',
  my: '/my',
  // the host's pages
  login: '/login',
  servicesClose: '/services-close',
  shortLink: '/t/:code',
  universalBindShop: '/shop/universalBindShop',
  privacyPolicy: '/privacy', // from 我的 (my); readable before sign-in
  // pages of a remote that other apps link to (the owner in brackets)
  invoiceTaskDetail: '/invoice/task/detail', // (invoice) where a started tax task is followed (shared/host-sdk/README.md)
  taxiInvoiceCreate: '/invoice/taxi/create', // (taxi) from the invoice home
  myTaxAccount: '/my/taxAccount', // (my) from the invoice home
  myContactUs: '/my/contactUs', // (my) from the host's error catalogue and the invoice home
  myCompanyGoodsAdd: '/my/companyGoods/add', // (my) from the invoice form's goods picker
  myCompanies: '/my/companies', // (my) from the invoice home
  myCompanyBind: '/my/company/bind', // (my) from the host's /shop/universalBindShop and the invoice pages
  myAudit: '/my/audit', // (my) the company's audit trail (操作日志), from 我的; other apps may link to it
  myWallet: '/my/wallet', // (wallet) from 我的
  titlesList: '/titles/list', // (invoice) from 我的
  myTrip: '/my/trip', // (taxi) from 我的
  myPassenger: '/my/passenger', // (taxi) from 我的
  taxiTrip: '/taxi/trip', // (taxi) from 我的
  taxiCars: '/taxi/cars', // (taxi) from 我的
  taxiShareList: '/taxi/share/list', // (taxi) from 我的
  myTaxiTrip: '/my/taxi/trip', // (taxi) from 我的
  myAccountDeletion: '/my/account-deletion', // (my) from the host's 隐私政策
  shop: '/shop/:code', // (payment) the company's shop link, from the server's QR codes and short links
} as const);

export type AppPathName = PathName<typeof appPaths>;

/** The cross-app pages whose pattern has no `:param` (the tabs are). */
export type StaticAppPathName = StaticPathName<typeof appPaths>;

// Cross-app names added after 1.1 stay out of the frozen table (their page is there under its 1.1 name).
const {
  myWallet: _myWalletSince14,
  privacyPolicy: _privacyPolicySince115,
  myAccountDeletion: _myAccountDeletionSince116,
  myAudit: _myAuditSince116,
  ...appPaths11
} = appPaths;

/** FROZEN: the full route table of @app/host-sdk 1.1, exported only as the deprecated `routePaths` below. */
const frozenRoutePaths = {
  ...appPaths11,
  // invoice
  invoiceCreate: '/invoice/create',
  invoiceReturn: '/invoice/return',
  invoiceList: '/invoice/list',
  invoiceApplyingList: '/invoice/applying/list',
  invoiceWaitingList: '/invoice/waiting/list',
  invoiceTaskList: '/invoice/task/list',
  invoiceQrcode: '/invoice/qrcode',
  titlesList: '/titles/list',
  titlesCreate: '/titles/create',
  // taxi
  taxiInvoiceReturn: '/invoice/taxi/return',
  taxiCars: '/taxi/cars',
  taxiTrip: '/taxi/trip',
  taxiTripShare: '/taxi/trip/share',
  taxiShareList: '/taxi/share/list',
  myTaxiTrip: '/my/taxi/trip',
  myPassenger: '/my/passenger',
  myTrip: '/my/trip',
  // my
  myShopCode: '/my/shop-code',
  myTaxAccountSet: '/my/taxAccount/set',
  myTaxAccountResetHelp: '/my/taxAccount/resetHelp',
  myCompanyGoods: '/my/companyGoods',
  myCompanyUsers: '/my/companyUsers',
  myCompanyUsersAdd: '/my/companyUsers/add',
  myIncomeStatistics: '/my/statistics/incomeStatistics',
  myInvoiceStatistics: '/my/statistics/invoiceStatistics',
  mySubCodes: '/my/subCode/',
  mySubCodeAdd: '/my/subCode/add',
  mySubCodeEdit: '/my/subCode/edit',
  mySubCodeQrcode: '/my/subCode/qrcode',
  toolsLifeServices: '/tools/join/lifeServices',
  // wallet
  wallet: '/my/wallet',
  walletList: '/my/wallet/list',
  walletWithdraw: '/my/wallet/tixian',
  walletWithdrawList: '/my/wallet/tixian/list',
  // ticket
  ticketDetail: '/ticket/detail',
  ticketImport: '/ticket/import/index',
  ticketImportImage: '/ticket/import/image',
  ticketImportInput: '/ticket/import/input',
  // payment
  paymentDetail: '/payment/detail',
  cashReturn: '/cash/return',
} as const;

/**
 * @deprecated FROZEN route table of @app/host-sdk 1.1, kept only for remotes built against older host-sdk versions
 * (they read it from the host at run time, a Module Federation shared singleton); it leaves at the next major. Not a
 * map of today's routes: a remote names its own pages in its `src/paths.ts`, cross-app pages are `appPaths`, and
 * docs/routes.md lists every route.
 */
export const routePaths = frozenRoutePaths; // FROZEN 1.1 table, for remotes built against older host-sdk versions

/** @deprecated FROZEN: a name of the 1.1 table (`routePaths`); use a remote's own names or `AppPathName`. */
export type RouteName = PathName<typeof frozenRoutePaths>;

/** @deprecated FROZEN: the 1.1 table's names without a `:param`; use `StaticAppPathName`. */
export type StaticRouteName = StaticPathName<typeof frozenRoutePaths>;

/**
 * @deprecated FROZEN 1.1 builder over the whole `routePaths` table, for remotes built against older host-sdk versions
 * only; it leaves at the next major. Use the `href` of the remote's own `src/paths.ts`, or `appHref` for a cross-app
 * page.
 */
export const href = definePaths(frozenRoutePaths).href; // FROZEN 1.1 builder, for remotes built against older host-sdk versions

/** @deprecated Import `toSearch` and `Query` from `@app/host-sdk/define-paths`. */
export { toSearch, type Query } from './define-paths';
