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
import type { Database } from './database';
import type { DemoHistoryOptions, DemoHistorySummary } from './demo-history/options';
import { addCustomers, addGoods, addShops, inviteStaff } from './demo-history/company-setup';
import { monthStartBefore, nextDeskTime, MINUTE } from './demo-history/china-hours';
import { scheduleDays, scheduleLatest } from './demo-history/days';
import { type History, openHistory, runTaskAt } from './demo-history/history';
import { random } from './demo-history/random';
import { addTicketHistory } from './demo-history/ticket-folder';
import { tickets } from './schema/tickets';

/** How many China months it covers: this one and the three before it. */
export const HISTORY_MONTHS = 4;
const SEED = 20_260_321;
/** The ticket folder's part draws on a generator of its own (the rest of the history is the same without it). */
const TICKET_SEED = 20_261_127;
/** Nothing happens later than this before the start. */
const END_MARGIN_MS = MINUTE;

/** The first instant of the history: the start of the China month three months before the one of `now`. */
export function historyStart(now: Date): Date {
  return new Date(monthStartBefore(now, HISTORY_MONTHS - 1));
}

/** Writes the history: the company's first days, then every day's actions run in time order, the ticket folder's among them. */
export async function addDemoHistory(db: Database, secretKey: Buffer, options: DemoHistoryOptions): Promise<DemoHistorySummary> {
  const history = await openHistory(db, secretKey, options, {
    from: historyStart(options.now).getTime(),
    end: options.now.getTime() - END_MARGIN_MS,
    rng: random(SEED),
  });
  // The company's goods, sub-codes and staff, in its first days here.
  const firstDesk = nextDeskTime(history.rng, history.from);
  await addGoods(history, firstDesk);
  await addShops(history, firstDesk);
  await addCustomers(history);
  await inviteStaff(history, firstDesk);
  scheduleDays(history);
  scheduleLatest(history);
  await addTicketFolder(history);
  await history.schedule.run(history.setClock);
  const [folder] = await db.select({ n: count() }).from(tickets).where(eq(tickets.companyId, history.company.id));
  return { ...history.summary, tickets: folder?.n ?? 0 };
}

/** What the company received: its ticket folder (demo-history/ticket-folder.ts), on the same schedule. */
async function addTicketFolder(history: History): Promise<void> {
  const { manager, employee, options, schedule } = history;
  const ticketRng = random(TICKET_SEED);
  await addTicketHistory({
    db: history.db,
    queue: history.queue,
    rng: ticketRng,
    monthStarts: Array.from({ length: HISTORY_MONTHS }, (_, index) => monthStartBefore(options.now, HISTORY_MONTHS - 1 - index)),
    trading: history.caller,
    managerId: manager.id,
    employee: { id: employee.id, nickname: employee.nickname, phone: employee.phone ?? '' },
    taxiTaxNumber: options.taxiTaxNumber,
    at: (when, run) => schedule.add(when, run),
    deskTimeAfter: (when) => nextDeskTime(ticketRng, when),
    workerPicksUp: (taskId, createdAt, readiness) => {
      if (readiness) history.readinessOf.set(taskId, readiness);
      runTaskAt(history, taskId, createdAt + ticketRng.int(1, 3) * 1000);
    },
  });
}
