/** Customers' invoice applications, and what the merchant decides on each at the desk. */
import { eq } from 'drizzle-orm';
import { createApplication, defaultGoods, issueApplication, transition, type ApplicationRow } from '../../invoices/applications';
import { NO_FACE_REASON } from '../../invoices/invoice-steps';
import type { Readiness } from '../../tasks/step-types';
import { invoiceApplications } from '../schema/invoices';
import { MINUTE, nextDeskTime } from './china-hours';
import { type History, workerPicksUp } from './history';
import { type Buyer, COMPANY_BUYERS, CUSTOMERS, PERSON_BUYERS } from './participants';

export type Fate = 'issue' | 'reject' | 'wait-then-issue' | 'wait' | 'fail' | 'pending';
/** The fates of the applications from the shop code, in turn: each state that stays, from the first weeks on. */
const FATES: readonly Fate[] = ['issue', 'reject', 'issue', 'fail', 'wait-then-issue', 'issue', 'issue', 'reject', 'issue'];

const REJECT_REASONS = ['抬头与消费记录不符，请核对后重新提交', '该笔消费已开具发票，请勿重复申请', '纳税人识别号有误，请核对后重新提交'];

/** The merchant's decision on an application at `at`, if it is still 待审核 then. */
export function decide(history: History, applicationId: string, fate: Fate, at: number): void {
  const { db, rng, schedule } = history;
  schedule.add(at, async (when) => {
    const [row] = await db.select().from(invoiceApplications).where(eq(invoiceApplications.id, applicationId));
    if (row?.status !== '待审核') return;
    if (fate === 'reject') {
      await transition(db, row, ['待审核'], { status: '已拒绝', rejectReason: rng.pick(REJECT_REASONS) }, when);
    } else if (fate === 'wait' || fate === 'wait-then-issue') {
      // Approved before the day's tax-bureau login: 待开票 until it is issued from the waiting list.
      const waiting = await transition(db, row, ['待审核'], { status: '待开票' }, when);
      if (fate === 'wait-then-issue')
        schedule.add(nextDeskTime(rng, when.getTime() + rng.int(20, 90) * MINUTE), (later) => issueFor(history, waiting, '待开票', later));
    } else {
      await issueFor(history, row, '待审核', when, fate === 'fail' ? { reason: NO_FACE_REASON } : undefined);
    }
  });
}

/** The merchant issues the invoice an application asks for; `readiness`: the bureau is not ready for it (it fails). */
async function issueFor(history: History, row: ApplicationRow, from: '待审核' | '待开票', at: Date, readiness?: Readiness): Promise<void> {
  const { queue, manager, caller, summary } = history;
  const issued = await history.db.transaction((tx) => issueApplication(tx, queue, manager.id, caller, row, from, at));
  if (!issued.taskId) return;
  summary.blueInvoices++;
  if (readiness) {
    history.readinessOf.set(issued.taskId, readiness);
    summary.failedInvoices++;
  }
  workerPicksUp(history, issued.taskId, at.getTime());
}

/** What a customer fills in the application form: a title (company or themselves) and where to send it. */
export function applicationForm(history: History, customer: number) {
  const { rng } = history;
  const buyer = rng.chance(0.75) ? rng.pick(COMPANY_BUYERS) : (PERSON_BUYERS[customer % PERSON_BUYERS.length] as Buyer);
  // Every third leaves no phone or e-mail (已开具 once issued); the others are sent (已交付).
  const send = history.counters.forms++ % 3;
  return {
    buyer: buyer.party,
    remarks: rng.chance(0.2) ? '报销用，谢谢' : '',
    deliverPhone: send === 0 ? (CUSTOMERS[customer]?.phone ?? '') : '',
    deliverEmail: send === 1 ? buyer.email || `${CUSTOMERS[customer]?.phone ?? 'guest'}@139.com` : '',
  };
}

/** When the merchant gets to an application: the next desk moment a little after it arrived. */
export const decisionTime = (history: History, submittedAt: number) =>
  nextDeskTime(history.rng, submittedAt + history.rng.int(15, 180) * MINUTE);

/** A customer applies at the shop code (or a sub-code); the application meets `fate`, or the next of FATES. */
export async function submitApplication(history: History, at: Date, fate: Fate | null, decideAt?: number): Promise<void> {
  const { db, rng, company, shops } = history;
  const customer = rng.int(0, CUSTOMERS.length - 1);
  const form = applicationForm(history, customer);
  const viaSubCode = rng.chance(0.3);
  const shop = viaSubCode ? (shops[1] ?? shops[0]) : shops[0];
  const id = await createApplication(
    db,
    {
      companyId: company.id,
      applicantId: history.customerIds[customer] as string,
      source: shop?.subCode ? '子码' : '店铺码',
      sourceName: shop?.subCode?.name ?? company.name,
      buyer: form.buyer,
      goods: await defaultGoods(db, company.id),
      grossFen: rng.int(3, 120) * 1000,
      remarks: form.remarks,
      deliverPhone: form.deliverPhone,
      deliverEmail: form.deliverEmail,
    },
    at,
  );
  history.summary.applications++;
  const decided = fate ?? (FATES[history.counters.fate++ % FATES.length] as Fate);
  if (decided !== 'pending') decide(history, id, decided, decideAt ?? decisionTime(history, at.getTime()));
}
