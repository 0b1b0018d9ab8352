/**
 * The demo trading company's ticket folder (票夹) in the demo history (db/demo-history.ts), made the way it fills in use:
 *
 * - the demo taxi company (杭州顺达出租汽车有限公司) bills the staff's rides of the month before early each month, and a
 *   client event's 包车 now and then, to the trading company's tax number: each reaches the folder when it is issued
 *   (自动归集, tickets/ticket-collect.ts). One 包车 it reverses in part (销售折让, the buyer confirming the red-letter
 *   form), which the folder nets;
 * - an employee who paid a ride herself asks for the invoice in her own name and adds it by scanning its QR code
 *   (扫码, verified at the simulated bureau: 查验通过), and types in a paper receipt the bureau does not know (手动输入:
 *   查无此票, listed as 未知销售方 and left out of the totals);
 * - the manager marks the month's tickets 已报销 a few days after they came, except the latest.
 *
 * Every step calls what the calls and the worker call (createBlueInvoice, createRedInvoice, importTicket with its
 * verification task, markTicketReimbursed) at its time of the history, through the history's schedule. It draws on
 * a generator of its own, so the rest of the history is the same with or without it.
 */
import { and, eq } from 'drizzle-orm';
import { chinaDate } from '@app/domain/china-time';
import type { InvoiceParty, InvoiceType } from '@app/domain/invoice-document';
import type { LineRate } from '@app/domain/invoice-line';
import type { TicketImport } from '@app/contract/ticket';
import type { CallerCompany } from '../../auth/caller';
import { createBlueInvoice, createRedInvoice } from '../../invoices/create-invoices';
import type { TaskQueue } from '../../tasks/task-queue';
import type { Readiness } from '../../tasks/step-types';
import { importTicket } from '../../tickets/ticket-import';
import { markTicketReimbursed } from '../../tickets/ticket-reimburse';
import type { Database } from '../database';
import { companies, goods, memberships } from '../schema/companies';
import { invoices } from '../schema/invoices';
import { taxAccounts } from '../schema/tax-accounts';
import { tickets } from '../schema/tickets';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A seeded generator's draws (db/demo-history.ts gives this part one of its own). */
export interface HistoryRandom {
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}

/** What the ticket part of the history is given by the rest of it. */
export interface TicketHistoryContext {
  db: Database;
  queue: TaskQueue;
  rng: HistoryRandom;
  /** The first instant of each China month of the history, oldest first. */
  monthStarts: readonly number[];
  /** The folder's company (the demo trading company), its manager, and an employee who adds her own tickets. */
  trading: CallerCompany;
  managerId: string;
  employee: { id: string; nickname: string; phone: string };
  /** The demo taxi company's tax number (seed.ts): the seller. */
  taxiTaxNumber: string;
  /** Runs `run` at `when` of the history (not at all when that is past its end). */
  at(when: number, run: (at: Date) => Promise<void>): void;
  /** The first desk moment (weekdays, office hours) at or after `when`. */
  deskTimeAfter(when: number): number;
  /** The worker picks the task up a moment after `createdAt`; the bureau is ready for its company as `readiness`. */
  workerPicksUp(taskId: string, createdAt: number, readiness?: Readiness): void;
}

/** The taxi company as it issues: the caller, who issues, what the invoices print and the bureau's readiness. */
interface Seller {
  caller: CallerCompany;
  userId: string;
  goodsId: string;
  rate: LineRate;
  ready: Readiness;
}

/** Schedules the folder's story on the history's schedule (it runs with the rest of the history). */
export async function addTicketHistory(context: TicketHistoryContext): Promise<void> {
  const seller = await taxiSeller(context);
  let serial = 0;
  const steps: Steps = { context, seller, nextSerial: (kind) => `demo-history-tickets-${kind}-${++serial}` };
  context.monthStarts.forEach((monthStart, index) => {
    billMonthlyRides(steps, monthStart, index === context.monthStarts.length - 1);
    if (index === 1 || index === 2) charterForEvent(steps, monthStart, index === 1);
    if (index >= 1) rideInOwnName(steps, monthStart, index < context.monthStarts.length - 1);
  });
  paperReceipt(steps, context.monthStarts[2] ?? context.monthStarts[0] ?? 0);
}

interface Steps {
  context: TicketHistoryContext;
  seller: Seller;
  nextSerial(kind: string): string;
}

async function taxiSeller(context: TicketHistoryContext): Promise<Seller> {
  const { db } = context;
  const [company] = await db.select().from(companies).where(eq(companies.xsfNsrsbh, context.taxiTaxNumber));
  if (!company) throw new Error('demo history: the demo taxi company is missing');
  const [manager] = await db.select().from(memberships).where(eq(memberships.companyId, company.id));
  const [item] = await db.select().from(goods).where(eq(goods.companyId, company.id));
  const [account] = await db.select({ personName: taxAccounts.personName }).from(taxAccounts).where(eq(taxAccounts.companyId, company.id));
  if (!manager || !item || !account) throw new Error('demo history: the demo taxi company has no manager, goods or tax account');
  return {
    caller: { ...company, roleName: manager.roleName, permissions: manager.permissions },
    userId: manager.userId,
    goodsId: item.id,
    rate: (item.taxFree ?? item.taxRatePermille ?? 0) as LineRate,
    ready: { issuer: account.personName },
  };
}

function tradingParty(trading: CallerCompany): InvoiceParty {
  return {
    name: trading.name,
    taxNumber: trading.xsfNsrsbh,
    address: trading.address,
    phone: trading.phone,
    bankName: trading.bankName,
    bankAccount: trading.bankAccount,
    naturalPerson: false,
  };
}

/** The taxi company issues one line of 客运服务; answers the invoice's id once the worker has it. */
async function issueFromTaxi(
  steps: Steps,
  at: Date,
  buyer: InvoiceParty,
  grossFen: number,
  remarks: string,
  extra: { type?: InvoiceType; deliverPhone?: string } = {},
): Promise<string> {
  const { context, seller } = steps;
  const { taskId, invoiceId } = await createBlueInvoice(
    context.db,
    context.queue,
    seller.userId,
    seller.caller,
    {
      requestSerial: steps.nextSerial('blue'),
      type: extra.type ?? '数电普票',
      buyer,
      lines: [{ goodsId: seller.goodsId, quantity: null, grossFen, rate: seller.rate }],
      remarks,
      deliverPhone: extra.deliverPhone ?? '',
      deliverEmail: '',
    },
    at,
  );
  context.workerPicksUp(taskId, at.getTime(), seller.ready);
  return invoiceId;
}

/** What is printed on the issued invoice that an import types in (null while it is not issued). */
async function issued(db: Database, invoiceId: string) {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice?.number || !invoice.issuedAt) return null;
  return { number: invoice.number, issueDate: chinaDate(invoice.issuedAt), netFen: invoice.netFen };
}

/** The manager marks the folder's ticket of that invoice 已报销 at `when` (issued by then, and in the folder). */
function reimburseAt(steps: Steps, when: number, invoiceId: () => string | null) {
  const { context } = steps;
  context.at(when, async (at) => {
    const which = invoiceId();
    if (!which) return;
    const [ticket] = await context.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.companyId, context.trading.id), eq(tickets.invoiceId, which)));
    if (ticket) await markTicketReimbursed(context.db, { companyId: context.trading.id, userId: context.managerId }, ticket.id, true, at);
  });
}

/** Early in the month, the taxi company bills last month's rides; reimbursed a few days later (not the latest). */
function billMonthlyRides(steps: Steps, monthStart: number, latest: boolean): void {
  const { context } = steps;
  const { rng } = context;
  const when = context.deskTimeAfter(monthStart + DAY + rng.int(0, 40) * HOUR);
  const rides = rng.int(12, 36);
  const grossFen = rides * rng.int(28, 46) * 100;
  const lastMonth = Number(chinaDate(new Date(monthStart - DAY)).slice(5, 7));
  let invoiceId: string | null = null;
  context.at(when, async (at) => {
    invoiceId = await issueFromTaxi(steps, at, tradingParty(context.trading), grossFen, `${lastMonth}月员工用车月结，共 ${rides} 次`);
  });
  if (!latest) reimburseAt(steps, context.deskTimeAfter(when + rng.int(3, 8) * DAY), () => invoiceId);
}

/** A client event's 包车 in mid-month; the first is reversed in part a few days later (the car came late). */
function charterForEvent(steps: Steps, monthStart: number, discounted: boolean): void {
  const { context, seller } = steps;
  const { rng } = context;
  const when = context.deskTimeAfter(monthStart + rng.int(10, 16) * DAY + rng.int(0, 8) * HOUR);
  const grossFen = rng.int(12, 24) * 10_000;
  context.at(when, async (at) => {
    const invoiceId = await issueFromTaxi(
      steps,
      at,
      tradingParty(context.trading),
      grossFen,
      rng.pick(['云栖会展客户接送包车', '客户考察接送包车（西溪园区）']),
      { type: '数电专票' },
    );
    if (!discounted) return;
    context.at(context.deskTimeAfter(at.getTime() + rng.int(2, 4) * DAY), async (later) => {
      if (!(await issued(context.db, invoiceId))) return;
      const red = {
        requestSerial: steps.nextSerial('red'),
        blueInvoiceId: invoiceId,
        reason: '04' as const,
        lines: [{ lineNo: 1, grossFen: Math.round(grossFen / 10 / 100) * 100 }],
      };
      const { taskId } = await createRedInvoice(context.db, context.queue, seller.userId, seller.caller, red, later);
      context.workerPicksUp(taskId, later.getTime(), seller.ready);
    });
  });
}

/** The employee's own ride: issued in her name, scanned into the folder a day or two later, reimbursed (not the latest). */
function rideInOwnName(steps: Steps, monthStart: number, reimbursed: boolean): void {
  const { context } = steps;
  const { rng, employee } = context;
  const when = context.deskTimeAfter(monthStart + rng.int(5, 20) * DAY + rng.int(0, 8) * HOUR);
  const grossFen = rng.int(35, 180) * 100;
  const scannedAfter = rng.int(20, 40) * HOUR;
  let invoiceId: string | null = null;
  context.at(when, async (at) => {
    const person = { name: employee.nickname, taxNumber: '', address: '', phone: '', bankName: '', bankAccount: '', naturalPerson: true };
    const issuing = await issueFromTaxi(steps, at, person, grossFen, '', { deliverPhone: employee.phone });
    invoiceId = issuing;
    context.at(at.getTime() + scannedAfter, async (later) => {
      const invoice = await issued(context.db, issuing);
      if (invoice)
        await importByHand(
          steps,
          { source: '扫码', type: '数电普票', number: invoice.number, issueDate: invoice.issueDate, netFen: invoice.netFen },
          later,
        );
    });
  });
  if (reimbursed) reimburseAt(steps, context.deskTimeAfter(when + rng.int(3, 6) * DAY), () => invoiceId);
}

/** A restaurant's paper receipt, typed in by the employee: the simulated bureau knows only what it issued (查无此票). */
function paperReceipt(steps: Steps, monthStart: number): void {
  const { context } = steps;
  const when = context.deskTimeAfter(monthStart + context.rng.int(18, 24) * DAY);
  context.at(when, (at) =>
    importByHand(
      steps,
      {
        source: '手动输入',
        type: '增值税普通发票',
        invoiceCode: '033002300111',
        number: `0${String(context.rng.int(1_000_000, 9_999_999))}`,
        issueDate: chinaDate(new Date(at.getTime() - 2 * DAY)),
        netFen: context.rng.int(180, 460) * 100,
        checkCodeLast6: '58D2A7',
      },
      at,
    ),
  );
}

/** The employee adds a ticket to the folder; the worker verifies it a moment later. */
async function importByHand(steps: Steps, fields: TicketImport, at: Date): Promise<void> {
  const { context } = steps;
  const { taskId } = await importTicket(
    context.db,
    context.queue,
    { companyId: context.trading.id, userId: context.employee.id },
    fields,
    at,
  );
  context.workerPicksUp(taskId, at.getTime());
}
