/** The calls the scale benchmark measures, with the bodies the screens send and who sends them. */
import { buyerName, sellerName } from '../../test/support/scale-seed';
import { ONLY } from './settings';

function chinaMonth(back: number): string {
  const at = new Date(Date.now() + 8 * 3600_000);
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() - back);
  return at.toISOString().slice(0, 7);
}

/** The China day `YYYY-MM-DD` `back` days before today. */
function chinaDay(back: number): string {
  return new Date(Date.now() + 8 * 3600_000 - back * 86_400_000).toISOString().slice(0, 10);
}

/** The longest statistics ranges: the last 31 China days by day, the 24 China months up to this one by month. */
const LAST_31_DAYS = { from: chinaDay(30), to: chinaDay(0), by: 'day' };
const LAST_24_MONTHS = { from: `${chinaMonth(23)}-01`, to: chinaDay(0), by: 'month' };

/** Who asks: the demo company's manager, unless the call is the taxi company's (its manager) or a passenger's. */
export type Caller = '企业管理员' | '出租车管理员' | '普通用户';
/**
 * What a call's body may name that differs between databases: one of the taxi company's cars, the demo company's
 * employee (a person of its audit trail) and its audit entry 1,000 back (the trail's page 50).
 */
export interface Known {
  carId: string;
  employeeId: string;
  deepAuditId: string;
}

export interface BenchCall {
  name: string;
  path: string;
  body: Record<string, unknown> | ((known: Known) => Record<string, unknown>);
  as?: Caller;
}

/** Every list, filter, search, summary and statistics call of the app, as the screens send them. */
const EVERY_CALL: BenchCall[] = [
  { name: 'invoice/list', path: 'invoice/list', body: {} },
  { name: 'invoice/list page 50', path: 'invoice/list', body: { page: 50 } },
  { name: 'invoice/list this month', path: 'invoice/list', body: { month: chinaMonth(0) } },
  { name: 'invoice/list 3 months ago', path: 'invoice/list', body: { month: chinaMonth(3) } },
  { name: 'invoice/list 开具失败', path: 'invoice/list', body: { status: '开具失败' } },
  { name: 'invoice/list red', path: 'invoice/list', body: { kind: 'red' } },
  { name: 'invoice/list buyer name', path: 'invoice/list', body: { keyword: buyerName(123).slice(0, 6) } },
  { name: 'invoice/list number', path: 'invoice/list', body: { keyword: '0012345' } },
  { name: 'invoice/homeSummary', path: 'invoice/homeSummary', body: {} },
  { name: 'invoiceApplication/list', path: 'invoiceApplication/list', body: {} },
  { name: 'invoiceApplication/list 待审核', path: 'invoiceApplication/list', body: { status: '待审核' } },
  { name: 'task/getMyTasks', path: 'task/getMyTasks', body: {} },
  { name: 'task/getMyTasks pending', path: 'task/getMyTasks', body: { status: 'pending' } },
  { name: 'task/getMyTasks face', path: 'task/getMyTasks', body: { type: 'face' } },
  { name: 'goods/list', path: 'goods/list', body: {} },
  { name: 'payment/list', path: 'payment/list', body: {} },
  { name: 'payment/list page 50', path: 'payment/list', body: { page: 50 } },
  { name: 'payment/list 3 months ago', path: 'payment/list', body: { month: chinaMonth(3) } },
  { name: 'payment/list income wechat', path: 'payment/list', body: { type: 'income', channel: 'wechat' } },
  { name: 'payment/list expense', path: 'payment/list', body: { type: 'expense' } },
  { name: 'wallet/get', path: 'wallet/get', body: {} },
  { name: 'wallet/entries', path: 'wallet/entries', body: {} },
  { name: 'wallet/entries page 50', path: 'wallet/entries', body: { page: 50 } },
  { name: 'wallet/withdrawals', path: 'wallet/withdrawals', body: {} },
  { name: 'statistics/invoice 31 days by day', path: 'statistics/invoice', body: LAST_31_DAYS },
  { name: 'statistics/invoice 24 months by month', path: 'statistics/invoice', body: LAST_24_MONTHS },
  { name: 'statistics/income 31 days by day', path: 'statistics/income', body: LAST_31_DAYS },
  { name: 'statistics/income 24 months by month', path: 'statistics/income', body: LAST_24_MONTHS },
  { name: 'ticket/list', path: 'ticket/list', body: {} },
  { name: 'ticket/list page 50', path: 'ticket/list', body: { page: 50 } },
  { name: 'ticket/list 3 months ago', path: 'ticket/list', body: { month: chinaMonth(3) } },
  { name: 'ticket/list 数电专票', path: 'ticket/list', body: { type: '数电专票' } },
  { name: 'ticket/list 查无此票', path: 'ticket/list', body: { verifyState: '查无此票' } },
  { name: 'ticket/list reimbursed', path: 'ticket/list', body: { reimbursed: true } },
  { name: 'ticket/list seller name', path: 'ticket/list', body: { keyword: sellerName(123).slice(0, 6) } },
  { name: 'ticket/list number', path: 'ticket/list', body: { keyword: '0012345' } },
  { name: 'ticket/list broad keyword', path: 'ticket/list', body: { keyword: '贸易' } },
  { name: 'taxiTrip/queryTrips', path: 'taxiTrip/queryTrips', body: {}, as: '出租车管理员' },
  { name: 'taxiTrip/queryTrips page 50', path: 'taxiTrip/queryTrips', body: { page: 50 }, as: '出租车管理员' },
  { name: 'taxiTrip/queryTrips one car', path: 'taxiTrip/queryTrips', body: ({ carId }) => ({ carId }), as: '出租车管理员' },
  {
    name: 'taxiTrip/queryTrips last 31 days',
    path: 'taxiTrip/queryTrips',
    body: { fromDay: chinaDay(30), toDay: chinaDay(0) },
    as: '出租车管理员',
  },
  {
    name: 'taxiTrip/queryTrips car, 3 months ago',
    path: 'taxiTrip/queryTrips',
    body: ({ carId }) => ({ carId, fromDay: `${chinaMonth(3)}-01`, toDay: `${chinaMonth(3)}-28` }),
    as: '出租车管理员',
  },
  { name: 'taxiTrip/queryTrips 待开票', path: 'taxiTrip/queryTrips', body: { state: '待开票' }, as: '出租车管理员' },
  { name: 'taxiTrip/getMyTrips', path: 'taxiTrip/getMyTrips', body: {}, as: '普通用户' },
  { name: 'taxiTrip/getMyTrips page 50', path: 'taxiTrip/getMyTrips', body: { page: 50 }, as: '普通用户' },
  { name: 'taxiTrip/getMyTrips 待开票', path: 'taxiTrip/getMyTrips', body: { state: '待开票' }, as: '普通用户' },
  { name: 'audit/list', path: 'audit/list', body: {} },
  { name: 'audit/list page 50', path: 'audit/list', body: ({ deepAuditId }) => ({ after: deepAuditId }) },
  { name: 'audit/list one person', path: 'audit/list', body: ({ employeeId }) => ({ userId: employeeId }) },
  {
    name: 'audit/list 红冲, last 31 days',
    path: 'audit/list',
    body: { kind: 'invoice.reverse', fromDay: chinaDay(30), toDay: chinaDay(0) },
  },
];

/** The calls measured: every one, or those BENCH_ONLY names. */
export const CALLS: BenchCall[] = ONLY.length
  ? EVERY_CALL.filter((call) => ONLY.some((prefix) => call.name.startsWith(prefix)))
  : EVERY_CALL;
