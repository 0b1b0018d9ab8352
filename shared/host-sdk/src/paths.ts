/**
 * Every route of the product (spec §2) by name, with typed builders: navigate with `href('invoiceTaskDetail', {},
 * { id })` or `href('shop', { code })`, never with hand-written strings. Remotes use the same patterns in their route
 * tables, so a path is written once.
 */
import { generatePath } from 'react-router-dom';

export const routePaths = {
  // host
  login: '/login',
  servicesClose: '/services-close',
  shortLink: '/t/:code',
  universalBindShop: '/shop/universalBindShop',
  // invoice
  home: '/',
  invoiceCreate: '/invoice/create',
  invoiceReturn: '/invoice/return',
  invoiceList: '/invoice/list',
  invoiceApplyingList: '/invoice/applying/list',
  invoiceWaitingList: '/invoice/waiting/list',
  invoiceTaskList: '/invoice/task/list',
  invoiceTaskDetail: '/invoice/task/detail',
  invoiceQrcode: '/invoice/qrcode',
  titlesList: '/titles/list',
  titlesCreate: '/titles/create',
  // taxi
  taxiInvoiceCreate: '/invoice/taxi/create',
  taxiInvoiceReturn: '/invoice/taxi/return',
  taxiCars: '/taxi/cars',
  taxiTrip: '/taxi/trip',
  taxiTripShare: '/taxi/trip/share',
  taxiShareList: '/taxi/share/list',
  myTaxiTrip: '/my/taxi/trip',
  myPassenger: '/my/passenger',
  myTrip: '/my/trip',
  // my
  my: '/my',
  myShopCode: '/my/shop-code',
  myTaxAccount: '/my/taxAccount',
  myTaxAccountSet: '/my/taxAccount/set',
  myTaxAccountResetHelp: '/my/taxAccount/resetHelp',
  myContactUs: '/my/contactUs',
  myCompanyGoods: '/my/companyGoods',
  myCompanyGoodsAdd: '/my/companyGoods/add',
  myCompanyUsers: '/my/companyUsers',
  myCompanyUsersAdd: '/my/companyUsers/add',
  myCompanies: '/my/companies',
  myCompanyBind: '/my/company/bind',
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
  ticketIndex: '/ticket/index',
  ticketDetail: '/ticket/detail',
  ticketImport: '/ticket/import/index',
  ticketImportImage: '/ticket/import/image',
  ticketImportInput: '/ticket/import/input',
  // payment
  paymentList: '/payment/list',
  paymentDetail: '/payment/detail',
  shop: '/shop/:code',
  cashReturn: '/cash/return',
} as const;

export type RouteName = keyof typeof routePaths;

type ParamNames<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;

type Params<N extends RouteName> = { [K in ParamNames<(typeof routePaths)[N]>]: string };

/** The routes whose pattern has no `:param`. */
export type StaticRouteName = { [N in RouteName]: [ParamNames<(typeof routePaths)[N]>] extends [never] ? N : never }[RouteName];

export type Query = Record<string, string | number | boolean | null | undefined>;

/** Builds the address of a named route; params are required exactly when the pattern has them. */
export function href<N extends RouteName>(
  name: N,
  ...args: [ParamNames<(typeof routePaths)[N]>] extends [never] ? [params?: Record<string, never>, query?: Query] : [params: Params<N>, query?: Query]
): string {
  const [params, query] = args;
  const pattern: string = routePaths[name];
  const path = generatePath(pattern, params as Record<string, string> | undefined);
  return path + toSearch(query);
}

export function toSearch(query: Query | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
