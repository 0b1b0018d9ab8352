/**
 * The demo history: what a newcomer sees after `npm start` on a fresh database, so that the invoice list,
 * the statistics, 收支 and the wallet are not empty on first look. The demo trading company (杭州优税通科技有限公司)
 * gets the last four China months of business, up to the moment the server starts: blue invoices to Hangzhou companies
 * and a few natural persons, red ones (whole and in part, through the red-letter confirmation form), customers'
 * invoice applications in every state that stays (待审核, 已拒绝, 待开票, 已开具, 已交付, 开具失败), paid cash-desk orders
 * at the shop code and two sub-codes, settled (可提现) and recent (冻结) income, a withdrawal a month (已到账), three
 * goods beside the seed's, two members and an invitation.
 *
 * Everything goes through the server's own code paths, at past times: what happened is a schedule of timed actions,
 * run in time order, each calling the function the call or the worker calls (createBlueInvoice, runStep and
 * commitStepOutcome, recordPayment, settleDue, requestWithdrawal…) with its time `at`, and a simulated bureau and bank
 * whose clocks read that time. So the maintained month and day totals, the statistics and the double-entry ledger
 * agree exactly, as if it had happened; nothing is written around them and no time is changed afterwards. A step of a
 * task follows the worker's steps, except that the company's readiness at the bureau is given (the tax account holds
 * how things stand today: not logged in, as a fresh start shows).
 *
 * Deterministic (a seeded generator: the same start gives the same history) and small enough for the start of
 * `npm start` (docs/benchmarks.md has what it costs). Written by the seed (seed.ts) in its transaction, with the demo
 * data only: once, on a fresh database, and not at all where a real provider signs in or DEMO_HISTORY=false.
 */
import { count, eq } from 'drizzle-orm';
import type { BlueInvoiceLineRequest, RedInvoiceRequest } from '@app/domain/invoice-requests';
import type { InvoiceParty, InvoiceType, RedReason } from '@app/domain/invoice-document';
import { addChinaMonths, chinaDate, chinaMonth, chinaRange, type ChinaRange } from '@app/domain/china-time';
import type { LineRate } from '@app/domain/invoice-line';
import { withdrawalFee } from '@app/domain/ledger-model';
import { usccCheckCharacter } from '@app/domain/tax-number';
import type { CallerCompany } from '../auth/caller';
import { recordPayment } from '../cash/pay-order';
import { applyForOrderInvoice, newOrderNo, openOrder } from '../cash/orders';
import { settleCompany } from '../cash/settlement';
import { createSubCode } from '../companies/codes';
import { createGoods, type GoodsRow } from '../companies/goods';
import { inviteMember, joinByInvitation } from '../companies/memberships';
import { resolveShop, type Shop } from '../companies/shops';
import { SimulatorGateway } from '../etax/simulator/simulator-gateway';
import { createApplication, defaultGoods, issueApplication, transition, type ApplicationRow } from '../invoices/applications';
import { createBlueInvoice, createRedInvoice } from '../invoices/create-invoices';
import { NO_FACE_REASON } from '../invoices/invoice-steps';
import { merchantBalances } from '../ledger/ledger';
import { DemoPayGateway } from '../payments/demo-pay';
import { PayoutSimulator } from '../payouts/payout-simulator';
import { boundAccount, requestWithdrawal } from '../payouts/withdrawals';
import type { Readiness, StepContext } from '../tasks/step-types';
import { TaskQueue } from '../tasks/task-queue';
import { runStep } from '../tasks/task-steps';
import { commitStepOutcome } from '../tasks/task-worker';
import type { Database } from './database';
import { addTicketHistory } from './demo-history-tickets';
import { cashOrders } from './schema/cash';
import { companies, goods, memberships } from './schema/companies';
import { invoiceApplications } from './schema/invoices';
import { tasks } from './schema/tasks';
import { taxAccounts } from './schema/tax-accounts';
import { tickets } from './schema/tickets';
import { users } from './schema/users';

/** How many China months it covers: this one and the three before it. */
export const HISTORY_MONTHS = 4;
const SEED = 20_260_321;
/** The ticket folder's part draws on a generator of its own (the rest of the history is the same without it). */
const TICKET_SEED = 20_261_127;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Nothing happens later than this before the start. */
const END_MARGIN_MS = MINUTE;

export interface DemoHistoryOptions {
  /** The history ends here: the server's start. */
  now: Date;
  /** PAYMENT_SETTLEMENT_DELAY_MS: income paid within it is still 冻结 at the start. */
  settlementDelayMs: number;
  /** The server's public origin (the simulated bureau's QR codes point there; none are drawn here). */
  publicUrl: string;
  /** The demo trading company's tax number (seed.ts). */
  taxNumber: string;
  /** The demo taxi company's (seed.ts): it bills the trading company's rides (its ticket folder, demo-history-tickets.ts). */
  taxiTaxNumber: string;
}

export interface DemoHistorySummary {
  from: Date;
  blueInvoices: number;
  redInvoices: number;
  failedInvoices: number;
  applications: number;
  paidOrders: number;
  withdrawals: number;
  /** In the trading company's ticket folder. */
  tickets: number;
}

// ---- who takes part

/** A seeded generator (mulberry32). */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, int, chance: (p: number) => next() < p, pick: <T>(items: readonly T[]) => items[int(0, items.length - 1)] as T };
}
type Random = ReturnType<typeof random>;

const uscc = (first17: string) => first17 + usccCheckCharacter(first17);

interface Buyer {
  party: InvoiceParty;
  /** Where the invoice is sent: a company's finance mailbox, a person's mobile. */
  email: string;
  mobile: string;
  /** Takes 数电专票 now and then. */
  special: boolean;
}

function company(
  name: string,
  first17: string,
  address: string,
  phone: string,
  bankName: string,
  bankAccount: string,
  email: string,
  special: boolean,
): Buyer {
  return {
    party: { name, taxNumber: uscc(first17), address, phone, bankName, bankAccount, naturalPerson: false },
    email,
    mobile: '',
    special,
  };
}

function person(name: string, mobile: string): Buyer {
  return {
    party: { name, taxNumber: '', address: '', phone: '', bankName: '', bankAccount: '', naturalPerson: true },
    email: '',
    mobile,
    special: false,
  };
}

/** The company's customers that are companies: Hangzhou firms, with valid unified social credit codes. */
const COMPANY_BUYERS: readonly Buyer[] = [
  company(
    '杭州西溪数字科技有限公司',
    '91330106MA2B8Q4T6',
    '杭州市西湖区文二西路 738 号',
    '0571-87651234',
    '招商银行杭州西湖支行',
    '571912345610301',
    'finance@xixi-digital.cn',
    true,
  ),
  company(
    '杭州钱江文化创意有限公司',
    '91330102MA2CFK7P3',
    '杭州市上城区钱江路 1366 号',
    '0571-86012345',
    '中国银行杭州钱江支行',
    '363265432101',
    'caiwu@qjcy.com.cn',
    false,
  ),
  company(
    '浙江之江物联网科技有限公司',
    '91330108MA27XD2N9',
    '杭州市滨江区江南大道 3850 号',
    '0571-88215678',
    '中国建设银行杭州高新支行',
    '33050161672700005678',
    'ap@zjiot.cn',
    true,
  ),
  company(
    '杭州良渚建筑设计有限公司',
    '91330110MA2J4R8E1',
    '杭州市余杭区良渚街道古墩路 1888 号',
    '0571-89012345',
    '杭州银行余杭支行',
    '3301040160012345678',
    'fin@lzad.cn',
    false,
  ),
  company(
    '杭州滨江智造机电有限公司',
    '91330108MA2KB3W5H',
    '杭州市滨江区滨安路 1197 号',
    '0571-86687788',
    '中国农业银行杭州滨江支行',
    '19045101040012345',
    'invoice@bjzz.com.cn',
    true,
  ),
  company(
    '杭州拱宸桥餐饮管理有限公司',
    '91330105MA28M6C4K',
    '杭州市拱墅区小河路 488 号',
    '0571-88398866',
    '中国工商银行杭州拱墅支行',
    '1202020409900123456',
    '',
    false,
  ),
  company(
    '杭州萧然商贸有限公司',
    '91330109MA2D9T1GX',
    '杭州市萧山区市心中路 819 号',
    '0571-82712345',
    '浙江萧山农村商业银行城厢支行',
    '201000123456789',
    'xr_trade@163.com',
    false,
  ),
  company(
    '杭州运河湾物业管理有限公司',
    '91330105MA2H5N7P2',
    '杭州市拱墅区丽水路 58 号',
    '0571-88112233',
    '交通银行杭州拱墅支行',
    '331066120018010012345',
    '',
    false,
  ),
  company(
    '浙江云栖会展服务有限公司',
    '91330106MA2G6E8R4',
    '杭州市西湖区转塘街道云栖小镇',
    '0571-87098765',
    '中信银行杭州分行营业部',
    '8110801012345678901',
    'expo@yunqi-events.cn',
    true,
  ),
  company(
    '杭州湖畔教育科技有限公司',
    '91330106MA2AW2Q9L',
    '杭州市西湖区天目山路 181 号',
    '0571-85123456',
    '宁波银行杭州西湖支行',
    '71010122000123456',
    'zhangwu@hupan-edu.cn',
    false,
  ),
];

/** Natural persons (自然人) who want an invoice in their own name. */
const PERSON_BUYERS: readonly Buyer[] = [person('张伟', '13967112345'), person('李娜', '13858023456'), person('王强', '13706534567')];

/** Customers who pay at the cash desk and ask for invoices: ordinary users of the demo (no demo sign-in button). */
const CUSTOMERS = [
  { nickname: '陈先生', phone: '13905710001' },
  { nickname: '王女士', phone: '13905710002' },
  { nickname: '林晓峰', phone: '13905710003' },
  { nickname: '赵敏', phone: '13905710004' },
  { nickname: '黄磊', phone: '13905710005' },
  { nickname: '徐静', phone: '13905710006' },
  { nickname: '孙浩', phone: '13905710007' },
  { nickname: '马丽', phone: '13905710008' },
  { nickname: '周杰', phone: '13905710009' },
  { nickname: '吴倩', phone: '13905710010' },
] as const;

/** Staff the manager invites: two who accept, one who has not yet. */
const STAFF = [
  { name: '周婷', phone: '13957180021', role: 'offline_pay_manager', accepts: true },
  { name: '刘洋', phone: '13957180022', role: 'employee', accepts: true },
  { name: '孙磊', phone: '13957180023', role: 'employee', accepts: false },
] as const;

/** Goods the company adds beside the seed's (entries of the tax classification list). */
const NEW_GOODS = [
  {
    name: '龙井茶礼盒',
    taxCode: '1030303000000000000',
    taxShortName: '茶叶',
    model: '明前特级 250g',
    unit: '盒',
    unitPriceFen: 26_800,
    taxRatePermille: 130,
    taxFree: null,
  },
  {
    name: '打印机硒鼓',
    taxCode: '1090512000000000000',
    taxShortName: '计算机配套产品',
    model: 'CF230A',
    unit: '个',
    unitPriceFen: 39_900,
    taxRatePermille: 130,
    taxFree: null,
  },
  {
    name: '技术咨询服务',
    taxCode: '3040602000000000000',
    taxShortName: '咨询服务',
    model: '',
    unit: '次',
    unitPriceFen: null,
    taxRatePermille: 60,
    taxFree: null,
  },
] as const;

const REJECT_REASONS = ['抬头与消费记录不符，请核对后重新提交', '该笔消费已开具发票，请勿重复申请', '纳税人识别号有误，请核对后重新提交'];

// ---- China time

/** The instant the China day of `at` began. */
function dayStartOf(at: number): number {
  return (chinaRange(chinaDate(at)) as ChinaRange).start.getTime();
}

/** 0 Sunday … 6 Saturday, in China. */
function weekdayOf(dayStart: number): number {
  return new Date(dayStart + 8 * HOUR).getUTCDay();
}

const isWorkday = (dayStart: number) => weekdayOf(dayStart) >= 1 && weekdayOf(dayStart) <= 5;

/** The first instant of the China month `back` months before the month of `at`. */
function monthStartBefore(at: Date, back: number): number {
  return (chinaRange(addChinaMonths(chinaMonth(at), -back)) as ChinaRange).start.getTime();
}

/** A time of the day between two hours (decimal, China time), to the second. */
function timeIn(rng: Random, dayStart: number, fromHour: number, toHour: number): number {
  return dayStart + Math.floor((fromHour + rng.next() * (toHour - fromHour)) * HOUR) + rng.int(0, 59) * 1000;
}

/** The merchant's desk hours: weekdays 09:00–12:00 and 13:30–18:00. */
function isDeskTime(at: number): boolean {
  const dayStart = dayStartOf(at);
  const hour = (at - dayStart) / HOUR;
  return isWorkday(dayStart) && ((hour >= 9 && hour < 12) || (hour >= 13.5 && hour < 18));
}

/** The first desk moment at or after `at` (a few minutes into it when it has to wait for one). */
function nextDeskTime(rng: Random, at: number): number {
  if (isDeskTime(at)) return at;
  let dayStart = dayStartOf(at);
  const hour = (at - dayStart) / HOUR;
  if (isWorkday(dayStart) && hour >= 12 && hour < 13.5) return dayStart + 13.5 * HOUR + rng.int(2, 40) * MINUTE;
  if (!(isWorkday(dayStart) && hour < 9)) dayStart = dayStartOf(dayStart + DAY + HOUR);
  while (!isWorkday(dayStart)) dayStart = dayStartOf(dayStart + DAY + HOUR);
  return dayStart + 9 * HOUR + rng.int(2, 50) * MINUTE;
}

/** The last moment the shop is open (08:30–21:00, every day) at or before `at`. */
function lastOpenTime(at: number): number {
  const dayStart = dayStartOf(at);
  const hour = (at - dayStart) / HOUR;
  if (hour >= 8.5 && hour < 21) return at;
  return hour >= 21 ? dayStart + 20.9 * HOUR : dayStartOf(dayStart - HOUR) + 20.9 * HOUR;
}

/** The last desk moment at or before `at`. */
function lastDeskTime(at: number): number {
  if (isDeskTime(at)) return at;
  let dayStart = dayStartOf(at);
  const hour = (at - dayStart) / HOUR;
  if (isWorkday(dayStart) && hour >= 12 && hour < 13.5) return dayStart + 12 * HOUR - 7 * MINUTE;
  if (isWorkday(dayStart) && hour >= 18) return dayStart + 17.8 * HOUR;
  do dayStart = dayStartOf(dayStart - HOUR);
  while (!isWorkday(dayStart));
  return dayStart + 17.8 * HOUR;
}

// ---- the schedule

interface Scheduled {
  at: number;
  order: number;
  run: (at: Date) => Promise<void>;
}

/**
 * Timed actions, run in time order (and in the order they were scheduled at one time); an action may add more, never
 * before the time that runs (time only goes forward).
 */
class Schedule {
  private items: Scheduled[] = [];
  private added = 0;
  private current = -Infinity;

  constructor(private readonly end: number) {}

  /** `finish`: runs even a moment past the end (a task the worker started finishes its steps, seconds later). */
  add(when: number, run: (at: Date) => Promise<void>, finish = false): void {
    const at = Math.max(when, this.current);
    if (at > this.end && !finish) return; // Not yet happened at the start.
    const item = { at, order: this.added++, run };
    let index = this.items.length;
    while (index > 0 && (this.items[index - 1] as Scheduled).at > at) index--;
    this.items.splice(index, 0, item);
  }

  async run(setClock: (at: Date) => void): Promise<void> {
    for (let item = this.items.shift(); item; item = this.items.shift()) {
      const at = new Date(item.at);
      this.current = item.at;
      setClock(at);
      await item.run(at);
    }
  }
}

// ---- the history

interface IssuedBlue {
  invoiceId: string;
  buyer: Buyer;
  type: InvoiceType;
  lines: { goods: GoodsRow; quantity: string | null; grossFen: number }[];
  issuedAt: number;
  reversed: boolean;
}

/** The first instant of the history: the start of the China month three months before the one of `now`. */
export function historyStart(now: Date): Date {
  return new Date(monthStartBefore(now, HISTORY_MONTHS - 1));
}

export async function addDemoHistory(db: Database, secretKey: Buffer, options: DemoHistoryOptions): Promise<DemoHistorySummary> {
  const end = options.now.getTime() - END_MARGIN_MS;
  const from = monthStartBefore(options.now, HISTORY_MONTHS - 1);
  const rng = random(SEED);
  let clock = new Date(from);
  const now = () => clock;

  const [companyRow] = await db.select().from(companies).where(eq(companies.xsfNsrsbh, options.taxNumber));
  if (!companyRow) throw new Error('demo history: the demo trading company is missing');
  const people = await db
    .select({
      id: users.id,
      nickname: users.nickname,
      phone: users.phone,
      permissions: memberships.permissions,
      roleName: memberships.roleName,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.companyId, companyRow.id));
  const manager = people.find((member) => member.permissions.includes('company_manage'));
  const employee =
    people.find((member) => !member.permissions.includes('company_manage') && !member.permissions.includes('benefit_payment')) ?? manager;
  if (!manager || !employee) throw new Error('demo history: the demo company has no manager');
  const caller: CallerCompany = { ...companyRow, roleName: manager.roleName, permissions: manager.permissions };
  const [account] = await db
    .select({ personName: taxAccounts.personName })
    .from(taxAccounts)
    .where(eq(taxAccounts.companyId, companyRow.id));
  const ready: Readiness = { issuer: account?.personName ?? manager.nickname };

  // The bureau, the bank and the worker, at the history's clock.
  const bureau = new SimulatorGateway({
    db,
    publicUrl: options.publicUrl,
    stepDelayMs: 0,
    fault: { mode: 'none', reason: '', delayMs: 0 },
    log: () => {},
    now,
  });
  const bank = new PayoutSimulator(db, { delayMs: 0, fault: { mode: 'none', reason: '' }, now });
  const queue = new TaskQueue(db);
  const schedule = new Schedule(end);
  const summary: DemoHistorySummary = {
    from: new Date(from),
    blueInvoices: 0,
    redInvoices: 0,
    failedInvoices: 0,
    applications: 0,
    paidOrders: 0,
    withdrawals: 0,
    tickets: 0,
  };
  /**
   * How the bureau stands for a task's company when it runs, where not as for the trading company today: not ready
   * (they fail as the worker fails them), or another company's issuer.
   */
  const readinessOf = new Map<string, Readiness>();
  /** Red tasks whose buyer refuses the confirmation form. */
  const refusedBy = new Set<string>();

  /** The worker's next step of a task, at its time; the steps after it follow at theirs. */
  const runTaskAt = (taskId: string, at: number) =>
    schedule.add(
      at,
      async (when) => {
        const [task] = await db.select().from(tasks).where(eq(tasks.id, taskId));
        if (!task || task.finishedAt) return;
        bureau.buyerAnswer = refusedBy.has(taskId) ? 'refuse' : 'confirm';
        const context: StepContext = { db, gateway: bureau, secretKey, payouts: bank, now, readiness: readinessOf.get(taskId) ?? ready };
        const outcome = await runStep(task, context);
        if (!(await commitStepOutcome(db, task, outcome, when))) throw new Error(`demo history: task ${taskId} was not written`);
        if (!outcome.finished) runTaskAt(taskId, Math.max((outcome.nextRunAt ?? when).getTime(), when.getTime() + 1000));
      },
      true,
    );
  /** The worker picks a new task up a moment after it was created. */
  const workerPicksUp = (taskId: string, createdAt: number) => runTaskAt(taskId, createdAt + rng.int(1, 3) * 1000);

  // The company's goods, sub-codes and staff, in its first days here.
  const goodsByName = new Map<string, GoodsRow>();
  for (const item of await db.select().from(goods).where(eq(goods.companyId, companyRow.id))) goodsByName.set(item.name, item);
  const firstDesk = nextDeskTime(rng, from);
  for (const [index, item] of NEW_GOODS.entries()) {
    goodsByName.set(item.name, await createGoods(db, companyRow.id, { ...item }, new Date(firstDesk + index * 3 * MINUTE)));
  }
  const named = (name: string) => {
    const item = goodsByName.get(name);
    if (!item) throw new Error(`demo history: no goods ${name}`);
    return item;
  };
  const tea = named('龙井茶礼盒');
  const desk = await createSubCode(
    db,
    companyRow.id,
    { name: '前台收银', goodsId: null, amountFen: null, enabled: true },
    new Date(firstDesk + 15 * MINUTE),
  );
  const giftBox = await createSubCode(
    db,
    companyRow.id,
    { name: '龙井茶礼盒', goodsId: tea.id, amountFen: tea.unitPriceFen, enabled: true },
    new Date(firstDesk + 18 * MINUTE),
  );
  // Where customers pay: the shop code, 前台收银, 龙井茶礼盒 (a fixed amount).
  const shops: Shop[] = [];
  for (const code of [companyRow.code, desk.code, giftBox.code]) shops.push(await resolveShop(db, code));

  const customerIds: string[] = [];
  for (const [index, customer] of CUSTOMERS.entries()) {
    const [row] = await db
      .insert(users)
      .values({
        provider: 'demo',
        providerSubject: `history-customer-${index + 1}`,
        nickname: customer.nickname,
        phone: customer.phone,
        createdAt: new Date(from),
      })
      .returning({ id: users.id });
    if (row) customerIds.push(row.id);
  }
  for (const [index, member] of STAFF.entries()) {
    const invitedAt = member.accepts ? firstDesk + DAY + index * 5 * MINUTE : lastDeskTime(end - 3 * DAY);
    const invitation = await inviteMember(
      db,
      companyRow.id,
      { phone: member.phone, name: member.name, role: member.role },
      manager.id,
      new Date(invitedAt),
    );
    if (!member.accepts) continue;
    const joinedAt = invitedAt + rng.int(20, 90) * MINUTE;
    const [user] = await db
      .insert(users)
      .values({
        provider: 'demo',
        providerSubject: `history-staff-${index + 1}`,
        nickname: member.name,
        phone: member.phone,
        createdAt: new Date(joinedAt - 2 * MINUTE),
      })
      .returning({ id: users.id });
    if (user) await joinByInvitation(db, user.id, invitation.id, new Date(joinedAt));
  }

  // ---- blue invoices from the invoice form
  const issuedBlues: IssuedBlue[] = [];
  let serial = 0;
  const nextSerial = (kind: string) => `demo-history-${kind}-${++serial}`;

  const lineOf = (item: GoodsRow, quantity: number | null, grossFen: number): BlueInvoiceLineRequest => ({
    goodsId: item.id,
    quantity: quantity === null ? null : String(quantity),
    grossFen,
    rate: (item.taxFree ?? item.taxRatePermille ?? 0) as LineRate,
  });

  /** What a buyer of this kind buys on one invoice (goods, quantities, amounts including tax in fen), and its remarks. */
  const basket = (buyer: Buyer, at: number): { lines: IssuedBlue['lines']; remarks: string } => {
    const lines: IssuedBlue['lines'] = [];
    const take = (name: string, quantity: number | null, grossFen: number) =>
      lines.push({ goods: named(name), quantity: quantity === null ? null : String(quantity), grossFen });
    const priced = (name: string, quantity: number) => take(name, quantity, quantity * (named(name).unitPriceFen ?? 0));
    const month = `${Number(chinaDate(new Date(at)).slice(5, 7))}月`;
    const maybe = (remarks: string) => (rng.chance(0.5) ? remarks : '');
    if (buyer.party.naturalPerson) {
      if (rng.chance(0.6)) priced('龙井茶礼盒', rng.int(1, 4));
      else take('餐饮服务', null, rng.int(8, 60) * 1000);
      return { lines, remarks: '' };
    }
    switch (rng.int(0, 5)) {
      case 0:
        priced('软件技术服务', rng.int(1, 6));
        if (rng.chance(0.4)) take('技术咨询服务', null, rng.int(20, 120) * 1000);
        return { lines, remarks: maybe(`合同号 HT-${chinaDate(new Date(at)).slice(0, 4)}-${String(rng.int(1, 199)).padStart(3, '0')}`) };
      case 1:
        take('技术咨询服务', null, rng.int(30, 300) * 1000);
        return { lines, remarks: maybe('项目验收款') };
      case 2:
        priced('办公用品', rng.int(3, 30));
        if (rng.chance(0.5)) priced('打印机硒鼓', rng.int(1, 6));
        return { lines, remarks: maybe(`${month}办公用品采购`) };
      case 3:
        take('餐饮服务', null, rng.int(6, 48) * 5000);
        return { lines, remarks: maybe(rng.pick(['会议用餐', `${month}工作餐`])) };
      case 4:
        priced('龙井茶礼盒', rng.int(4, 40));
        return { lines, remarks: maybe(rng.pick(['客户礼品', '员工福利'])) };
      default:
        priced('农产品（蔬菜）', rng.int(40, 300));
        return { lines, remarks: maybe(`食堂蔬菜配送（${month}）`) };
    }
  };

  /** The merchant fills the invoice form for a buyer and submits it; the worker issues it. */
  const issueBlue = async (at: Date, buyer: Buyer, lines: IssuedBlue['lines'], remarks: string, type?: InvoiceType) => {
    const invoiceType: InvoiceType = type ?? (buyer.special && rng.chance(0.35) ? '数电专票' : '数电普票');
    const sendTo = { deliverPhone: buyer.mobile, deliverEmail: buyer.email };
    const { taskId, invoiceId } = await createBlueInvoice(
      db,
      queue,
      rng.chance(0.75) ? manager.id : employee.id,
      caller,
      {
        requestSerial: nextSerial('blue'),
        type: invoiceType,
        buyer: buyer.party,
        lines: lines.map((line) => lineOf(line.goods, line.quantity === null ? null : Number(line.quantity), line.grossFen)),
        remarks,
        ...sendTo,
      },
      at,
    );
    summary.blueInvoices++;
    issuedBlues.push({ invoiceId, buyer, type: invoiceType, lines, issuedAt: at.getTime(), reversed: false });
    workerPicksUp(taskId, at.getTime());
  };

  // ---- red invoices

  type RedPlan = { reason: RedReason; lines?: RedInvoiceRequest['lines']; refused?: boolean; reissue?: boolean };
  const firstGross = (blue: IssuedBlue) => blue.lines[0]?.grossFen ?? 0;
  const RED_KINDS: readonly ((blue: IssuedBlue) => RedPlan | null)[] = [
    // 开票有误: the whole invoice, issued again corrected.
    (blue) => (blue.buyer.party.naturalPerson ? null : { reason: '01', reissue: true }),
    // 销售折让: a discount on the first line.
    (blue) =>
      blue.buyer.party.naturalPerson
        ? null
        : {
            reason: '04',
            lines: [{ lineNo: 1, grossFen: Math.max(100, Math.round((firstGross(blue) * rng.int(5, 12)) / 100 / 100) * 100) }],
          },
    // 销货退回: some boxes of a line with a quantity come back.
    (blue) => {
      const index = blue.lines.findIndex(
        (line) => line.quantity !== null && Number(line.quantity) >= 3 && line.goods.unitPriceFen !== null,
      );
      const line = blue.lines[index];
      if (!line || blue.buyer.party.naturalPerson) return null;
      return {
        reason: '02',
        lines: [{ lineNo: index + 1, grossFen: rng.int(1, Math.floor(Number(line.quantity) / 2)) * (line.goods.unitPriceFen ?? 0) }],
      };
    },
    // A natural person's invoice reversed whole: no confirmation needed (01 无需确认).
    (blue) => (blue.buyer.party.naturalPerson ? { reason: '01' } : null),
    // A discount the buyer refuses on the confirmation form: the red invoice fails.
    (blue) =>
      blue.buyer.party.naturalPerson
        ? null
        : { reason: '04', refused: true, lines: [{ lineNo: 1, grossFen: Math.max(100, Math.floor(firstGross(blue) / 1000) * 100) }] },
    // 服务中止: half of a service line.
    (blue) => {
      const index = blue.lines.findIndex((line) => line.goods.taxShortName.endsWith('服务') && !blue.buyer.party.naturalPerson);
      const line = blue.lines[index];
      return line ? { reason: '03', lines: [{ lineNo: index + 1, grossFen: Math.floor(line.grossFen / 200) * 100 }] } : null;
    },
  ];
  let redKind = 0;
  const reverseOne = async (at: Date) => {
    const kind = RED_KINDS[redKind % RED_KINDS.length] as (blue: IssuedBlue) => RedPlan | null;
    const candidates = issuedBlues.filter(
      (blue) => !blue.reversed && blue.issuedAt < at.getTime() - 2 * DAY && blue.issuedAt > at.getTime() - 40 * DAY,
    );
    for (let tries = 0; tries < 40 && candidates.length > 0; tries++) {
      const blue = candidates.splice(rng.int(0, candidates.length - 1), 1)[0] as IssuedBlue;
      const plan = kind(blue);
      if (!plan) continue;
      redKind++;
      blue.reversed = !plan.refused;
      const { taskId } = await createRedInvoice(
        db,
        queue,
        manager.id,
        caller,
        { requestSerial: nextSerial('red'), blueInvoiceId: blue.invoiceId, reason: plan.reason, ...(plan.lines && { lines: plan.lines }) },
        at,
      );
      summary.redInvoices++;
      if (plan.refused) {
        refusedBy.add(taskId);
        summary.failedInvoices++;
      }
      workerPicksUp(taskId, at.getTime());
      if (plan.reissue) {
        const again = nextDeskTime(rng, at.getTime() + rng.int(8, 25) * MINUTE);
        schedule.add(again, (when) => issueBlue(when, blue.buyer, blue.lines, '原发票抬头信息有误，重新开具', blue.type));
      }
      return;
    }
  };

  // ---- customers' applications

  type Fate = 'issue' | 'reject' | 'wait-then-issue' | 'wait' | 'fail' | 'pending';
  /** The fates of the applications from the shop code, in turn: each state that stays, from the first weeks on. */
  const FATES: readonly Fate[] = ['issue', 'reject', 'issue', 'fail', 'wait-then-issue', 'issue', 'issue', 'reject', 'issue'];
  let fateIndex = 0;
  let forms = 0;

  const decide = (applicationId: string, fate: Fate, at: number) =>
    schedule.add(at, async (when) => {
      const [row] = await db.select().from(invoiceApplications).where(eq(invoiceApplications.id, applicationId));
      if (row?.status !== '待审核') return;
      if (fate === 'reject') {
        await transition(db, row, ['待审核'], { status: '已拒绝', rejectReason: rng.pick(REJECT_REASONS) }, when);
      } else if (fate === 'wait' || fate === 'wait-then-issue') {
        // Approved before the day's tax-bureau login: 待开票 until it is issued from the waiting list.
        const waiting = await transition(db, row, ['待审核'], { status: '待开票' }, when);
        if (fate === 'wait-then-issue')
          schedule.add(nextDeskTime(rng, when.getTime() + rng.int(20, 90) * MINUTE), (later) => issueFor(waiting, '待开票', later));
      } else {
        await issueFor(row, '待审核', when, fate === 'fail' ? { reason: NO_FACE_REASON } : undefined);
      }
    });
  const issueFor = async (row: ApplicationRow, from: '待审核' | '待开票', at: Date, readiness?: Readiness) => {
    const issued = await db.transaction((tx) => issueApplication(tx, queue, manager.id, caller, row, from, at));
    if (!issued.taskId) return;
    summary.blueInvoices++;
    if (readiness) {
      readinessOf.set(issued.taskId, readiness);
      summary.failedInvoices++;
    }
    workerPicksUp(issued.taskId, at.getTime());
  };

  /** What a customer fills in the application form: a title (company or themselves) and where to send it. */
  const applicationForm = (customer: number) => {
    const buyer = rng.chance(0.75) ? rng.pick(COMPANY_BUYERS) : (PERSON_BUYERS[customer % PERSON_BUYERS.length] as Buyer);
    // Every third leaves no phone or e-mail (已开具 once issued); the others are sent (已交付).
    const send = forms++ % 3;
    return {
      buyer: buyer.party,
      remarks: rng.chance(0.2) ? '报销用，谢谢' : '',
      deliverPhone: send === 0 ? (CUSTOMERS[customer]?.phone ?? '') : '',
      deliverEmail: send === 1 ? buyer.email || `${CUSTOMERS[customer]?.phone ?? 'guest'}@139.com` : '',
    };
  };

  /** When the merchant gets to an application: the next desk moment a little after it arrived. */
  const decisionTime = (submittedAt: number) => nextDeskTime(rng, submittedAt + rng.int(15, 180) * MINUTE);

  const submitApplication = async (at: Date, fate: Fate | null, decideAt?: number) => {
    const customer = rng.int(0, CUSTOMERS.length - 1);
    const form = applicationForm(customer);
    const viaSubCode = rng.chance(0.3);
    const shop = viaSubCode ? (shops[1] ?? shops[0]) : shops[0];
    const id = await createApplication(
      db,
      {
        companyId: companyRow.id,
        applicantId: customerIds[customer] as string,
        source: shop?.subCode ? '子码' : '店铺码',
        sourceName: shop?.subCode?.name ?? companyRow.name,
        buyer: form.buyer,
        goods: await defaultGoods(db, companyRow.id),
        grossFen: rng.int(3, 120) * 1000,
        remarks: form.remarks,
        deliverPhone: form.deliverPhone,
        deliverEmail: form.deliverEmail,
      },
      at,
    );
    summary.applications++;
    const decided = fate ?? (FATES[fateIndex++ % FATES.length] as Fate);
    if (decided !== 'pending') decide(id, decided, decideAt ?? decisionTime(at.getTime()));
  };

  // ---- the cash desk

  const payAt = async (at: Date, shopIndex: number) => {
    const shop = shops[shopIndex] ?? shops[0];
    if (!shop) return;
    const customer = rng.int(0, CUSTOMERS.length - 1);
    const amountFen =
      shop.amountFen ??
      (shop.subCode ? rng.int(15, 300) * 100 : rng.pick([rng.int(20, 200) * 100, rng.int(200, 1500) * 100, rng.int(8, 60) * 500]));
    const orderNo = newOrderNo(at);
    await openOrder(db, orderNo, shop, customerIds[customer] as string, amountFen, 'demo', at);
    const start = await new DemoPayGateway({ now }).createPayment({
      orderNo,
      amountFen,
      description: `${shop.shopName}${shop.subCode ? `-${shop.subCode.name}` : ''}`.slice(0, 100),
      notifyUrl: `${options.publicUrl}/api/payments/notify/demo`,
      returnUrl: `${options.publicUrl}/cash/return?orderNo=${orderNo}`,
      channel: 'demo',
    });
    if (start.kind !== 'demo' || (await recordPayment(db, start.payment, at)) !== 'credited')
      throw new Error(`demo history: order ${orderNo} not paid`);
    summary.paidOrders++;
    // Now and then the customer asks for its invoice at /cash/return.
    if (rng.chance(0.08)) {
      const [order] = await db.select().from(cashOrders).where(eq(cashOrders.orderNo, orderNo));
      if (!order) return;
      const form = applicationForm(customer);
      const asked = new Date(at.getTime() + rng.int(1, 6) * MINUTE);
      schedule.add(asked.getTime(), async (when) => {
        const id = await applyForOrderInvoice(db, order.id, order.payerId, form, when);
        summary.applications++;
        decide(id, rng.chance(0.9) ? 'issue' : 'reject', decisionTime(when.getTime()));
      });
    }
  };

  // ---- the days

  const withdrawn = new Set<string>();
  const withdrawAt = async (at: Date) => {
    const to = boundAccount(companyRow);
    if (!to) return;
    await settleCompany(db, companyRow.id, options.settlementDelayMs, at);
    const { merchant_available: available } = await merchantBalances(db, companyRow.id);
    const amountFen = Math.floor((available * rng.int(80, 90)) / 100 / 10_000) * 10_000;
    if (amountFen < 10_000 || amountFen + withdrawalFee(amountFen) > available) return;
    const { row, created } = await requestWithdrawal(
      db,
      queue,
      {
        companyId: companyRow.id,
        userId: manager.id,
        amountFen,
        requestSerial: nextSerial('withdraw'),
        account: to,
        settlementDelayMs: options.settlementDelayMs,
      },
      at,
    );
    if (!created || !row?.taskId) throw new Error('demo history: withdrawal not made');
    summary.withdrawals++;
    workerPicksUp(row.taskId, at.getTime());
  };

  const readWallet = (at: Date) => settleCompany(db, companyRow.id, options.settlementDelayMs, at).then(() => {});
  let redEvery = 0;
  const workdaySeen = new Set<string>();
  for (let dayStart = from; dayStart <= end; dayStart = dayStartOf(dayStart + DAY + HOUR)) {
    const workday = isWorkday(dayStart);
    const saturday = weekdayOf(dayStart) === 6;
    const day = chinaDate(new Date(dayStart));
    // The merchant's invoices.
    // The first workday of a month always has one (every month of the history has its invoices).
    const firstWorkday = workday && !workdaySeen.has(day.slice(0, 7));
    if (workday) workdaySeen.add(day.slice(0, 7));
    const blues = firstWorkday ? 1 : workday ? rng.pick([0, 0, 0, 1, 1]) : saturday ? rng.pick([0, 0, 0, 0, 1]) : 0;
    for (let i = 0; i < blues; i++) {
      const at = rng.chance(0.45) ? timeIn(rng, dayStart, 9.2, 11.9) : timeIn(rng, dayStart, 13.6, 17.8);
      const buyer = rng.chance(0.14) ? rng.pick(PERSON_BUYERS) : rng.pick(COMPANY_BUYERS);
      schedule.add(at, (when) => {
        const { lines, remarks } = basket(buyer, at);
        return issueBlue(when, buyer, lines, remarks);
      });
    }
    // Customers at the cash desk: the shop code, 前台收银, 龙井茶礼盒.
    const orders = workday ? rng.pick([0, 0, 1, 1]) : rng.pick([0, 0, 1]);
    for (let i = 0; i < orders; i++) {
      const at = timeIn(rng, dayStart, 8.5, 20.5);
      const shopIndex = rng.pick([0, 0, 1, 1, 1, 2]);
      schedule.add(at, (when) => payAt(when, shopIndex));
    }
    // Customers' applications from the shop code.
    if (rng.chance(workday ? 0.12 : 0.06)) {
      const at = timeIn(rng, dayStart, 9, 21);
      schedule.add(at, (when) => submitApplication(when, null));
    }
    if (workday) {
      // The cashier opens the wallet every workday morning (which settles what is due), and the month's withdrawal.
      schedule.add(timeIn(rng, dayStart, 9.05, 9.6), readWallet);
      const month = day.slice(0, 7);
      if (Number(day.slice(8)) >= 8 && dayStart > from + 20 * DAY && !withdrawn.has(month)) {
        withdrawn.add(month);
        schedule.add(timeIn(rng, dayStart, 10, 11.5), withdrawAt);
      }
      // A reversal every couple of weeks.
      if (++redEvery % 10 === 0) schedule.add(timeIn(rng, dayStart, 14, 17.5), reverseOne);
    }
  }

  // The latest: two applications still 待审核, one approved before the day's login and still 待开票, and a few
  // payments within the settlement delay (still 冻结).
  const approvedAt = lastDeskTime(end - 20 * HOUR);
  schedule.add(lastOpenTime(approvedAt - 40 * MINUTE), (when) => submitApplication(when, 'wait', approvedAt));
  schedule.add(lastOpenTime(end - 22 * HOUR), (when) => submitApplication(when, 'pending'));
  schedule.add(lastOpenTime(end - 2 * HOUR), (when) => submitApplication(when, 'pending'));
  for (const part of [0.12, 0.4, 0.7]) {
    const at = lastOpenTime(end - Math.floor(options.settlementDelayMs * part));
    if (at > end - options.settlementDelayMs) schedule.add(at, (when) => payAt(when, rng.pick([0, 1, 2])));
  }
  // The cashier's last look at the wallet before the start.
  schedule.add(lastDeskTime(end), readWallet);

  // What the company received: its ticket folder (demo-history-tickets.ts).
  const ticketRng = random(TICKET_SEED);
  await addTicketHistory({
    db,
    queue,
    rng: ticketRng,
    monthStarts: Array.from({ length: HISTORY_MONTHS }, (_, index) => monthStartBefore(options.now, HISTORY_MONTHS - 1 - index)),
    trading: caller,
    managerId: manager.id,
    employee: { id: employee.id, nickname: employee.nickname, phone: employee.phone ?? '' },
    taxiTaxNumber: options.taxiTaxNumber,
    at: (when, run) => schedule.add(when, run),
    deskTimeAfter: (when) => nextDeskTime(ticketRng, when),
    workerPicksUp: (taskId, createdAt, readiness) => {
      if (readiness) readinessOf.set(taskId, readiness);
      runTaskAt(taskId, createdAt + ticketRng.int(1, 3) * 1000);
    },
  });

  await schedule.run((at) => {
    clock = at;
  });
  const [folder] = await db.select({ n: count() }).from(tickets).where(eq(tickets.companyId, companyRow.id));
  return { ...summary, tickets: folder?.n ?? 0 };
}
