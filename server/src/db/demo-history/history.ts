/**
 * What the steps of the demo history share: the demo trading company and its people, the simulated bureau and bank and
 * the worker's queue at the history's clock, the schedule, and what has happened so far.
 */
import { eq } from 'drizzle-orm';
import type { Permission } from '@app/contract/user';
import type { InvoiceType } from '@app/domain/invoice-document';
import type { CallerCompany } from '../../auth/caller';
import type { GoodsRow } from '../../companies/goods';
import type { Shop } from '../../companies/shops';
import { SimulatorGateway } from '../../etax/simulator/simulator-gateway';
import { PayoutSimulator } from '../../payouts/payout-simulator';
import type { Readiness, StepContext } from '../../tasks/step-types';
import { TaskQueue } from '../../tasks/task-queue';
import { runStep } from '../../tasks/task-steps';
import { commitStepOutcome } from '../../tasks/task-worker';
import type { Database } from '../database';
import { companies, memberships } from '../schema/companies';
import { tasks } from '../schema/tasks';
import { taxAccounts } from '../schema/tax-accounts';
import { users } from '../schema/users';
import type { DemoHistoryOptions, DemoHistorySummary } from './options';
import type { Buyer } from './participants';
import type { Random } from './random';
import { Schedule } from './schedule';

type CompanyRow = typeof companies.$inferSelect;

interface Member {
  id: string;
  nickname: string;
  phone: string | null;
  permissions: Permission[];
  roleName: string;
}

/** A blue invoice the merchant issued in the history, as a reversal picks one. */
export interface IssuedBlue {
  invoiceId: string;
  buyer: Buyer;
  type: InvoiceType;
  lines: { goods: GoodsRow; quantity: string | null; grossFen: number }[];
  issuedAt: number;
  reversed: boolean;
}

export interface History {
  db: Database;
  secretKey: Buffer;
  options: DemoHistoryOptions;
  rng: Random;
  /** The first instant of the history, and the last at which anything starts. */
  from: number;
  end: number;
  /** The history's clock: the time of the action that runs. */
  now: () => Date;
  setClock: (at: Date) => void;
  company: CompanyRow;
  caller: CallerCompany;
  manager: Member;
  /** Issues some of the invoices (the manager where the company has no plain employee). */
  employee: Member;
  /** How the bureau stands for the trading company: ready, its tax account's person the issuer. */
  ready: Readiness;
  bureau: SimulatorGateway;
  bank: PayoutSimulator;
  queue: TaskQueue;
  schedule: Schedule;
  summary: DemoHistorySummary;
  /**
   * How the bureau stands for a task's company when it runs, where not as for the trading company today: not ready
   * (they fail as the worker fails them), or another company's issuer.
   */
  readinessOf: Map<string, Readiness>;
  /** Red tasks whose buyer refuses the confirmation form. */
  refusedBy: Set<string>;
  goodsByName: Map<string, GoodsRow>;
  /** Where customers pay: the shop code, 前台收银, 龙井茶礼盒 (a fixed amount). */
  shops: Shop[];
  customerIds: string[];
  issuedBlues: IssuedBlue[];
  /** The request serials handed out, the red kinds used, the application fates and forms dealt so far. */
  counters: { serial: number; redKind: number; fate: number; forms: number };
}

/** The demo trading company, its manager and an employee, as the calls see them. */
async function loadCompany(db: Database, taxNumber: string) {
  const [company] = await db.select().from(companies).where(eq(companies.xsfNsrsbh, taxNumber));
  if (!company) throw new Error('demo history: the demo trading company is missing');
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
    .where(eq(memberships.companyId, company.id));
  const manager = people.find((member) => member.permissions.includes('company_manage'));
  const employee =
    people.find((member) => !member.permissions.includes('company_manage') && !member.permissions.includes('benefit_payment')) ?? manager;
  if (!manager || !employee) throw new Error('demo history: the demo company has no manager');
  const caller: CallerCompany = { ...company, roleName: manager.roleName, permissions: manager.permissions };
  const [account] = await db.select({ personName: taxAccounts.personName }).from(taxAccounts).where(eq(taxAccounts.companyId, company.id));
  const ready: Readiness = { issuer: account?.personName ?? manager.nickname };
  return { company, manager, employee, caller, ready };
}

/** The history before anything happened: the company as seeded, the bureau, the bank and the worker at its clock. */
export async function openHistory(
  db: Database,
  secretKey: Buffer,
  options: DemoHistoryOptions,
  span: { from: number; end: number; rng: Random },
): Promise<History> {
  let clock = new Date(span.from);
  const now = () => clock;
  // The bureau, the bank and the worker, at the history's clock.
  const bureau = new SimulatorGateway({
    db,
    publicUrl: options.publicUrl,
    stepDelayMs: 0,
    fault: { mode: 'none', reason: '', delayMs: 0 },
    log: () => {},
    now,
  });
  return {
    db,
    secretKey,
    options,
    ...span,
    now,
    setClock: (at) => {
      clock = at;
    },
    ...(await loadCompany(db, options.taxNumber)),
    bureau,
    bank: new PayoutSimulator(db, { delayMs: 0, fault: { mode: 'none', reason: '' }, now }),
    queue: new TaskQueue(db),
    schedule: new Schedule(span.end),
    summary: {
      from: new Date(span.from),
      blueInvoices: 0,
      redInvoices: 0,
      failedInvoices: 0,
      applications: 0,
      paidOrders: 0,
      withdrawals: 0,
      tickets: 0,
    },
    readinessOf: new Map(),
    refusedBy: new Set(),
    goodsByName: new Map(),
    shops: [],
    customerIds: [],
    issuedBlues: [],
    counters: { serial: 0, redKind: 0, fate: 0, forms: 0 },
  };
}

/** The request serial of the next create of a kind (numbered across the whole history). */
export const nextSerial = (history: History, kind: string) => `demo-history-${kind}-${++history.counters.serial}`;

export function namedGoods(history: History, name: string): GoodsRow {
  const item = history.goodsByName.get(name);
  if (!item) throw new Error(`demo history: no goods ${name}`);
  return item;
}

/** The worker's next step of a task, at its time; the steps after it follow at theirs. */
export function runTaskAt(history: History, taskId: string, at: number): void {
  const { db, schedule, bureau, refusedBy, readinessOf } = history;
  schedule.add(
    at,
    async (when) => {
      const [task] = await db.select().from(tasks).where(eq(tasks.id, taskId));
      if (!task || task.finishedAt) return;
      bureau.buyerAnswer = refusedBy.has(taskId) ? 'refuse' : 'confirm';
      const context: StepContext = {
        db,
        gateway: bureau,
        secretKey: history.secretKey,
        payouts: history.bank,
        now: history.now,
        readiness: readinessOf.get(taskId) ?? history.ready,
        recordDeliveriesOnly: true,
      };
      const outcome = await runStep(task, context);
      if (!(await commitStepOutcome(db, task, outcome, when))) throw new Error(`demo history: task ${taskId} was not written`);
      if (!outcome.finished) runTaskAt(history, taskId, Math.max((outcome.nextRunAt ?? when).getTime(), when.getTime() + 1000));
    },
    true,
  );
}

/** The worker picks a new task up a moment after it was created. */
export const workerPicksUp = (history: History, taskId: string, createdAt: number) =>
  runTaskAt(history, taskId, createdAt + history.rng.int(1, 3) * 1000);
