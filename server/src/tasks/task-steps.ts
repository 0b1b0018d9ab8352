/**
 * One step of a task: what the worker does with a claimed task, given its type, status and stage, and how the task
 * changes. Steps call the gateway, which is idempotent on the task id, so a step repeated after a crash is safe.
 *
 * login_sms:  start → (SMS sent) 2020 awaitCode → [code submitted] verify → 1, or back to 2020 with the reason;
 *             [resend asked] resend → 2020 awaitCode
 * login_qr:   start → 2010 awaitScan (QR in extensionData) → polled until scanned → 1
 * face:       start → 3010 awaitScan → polled until scanned → 1
 * (invoice tasks: invoices/invoice-steps.ts; withdraw: payouts/withdraw-steps.ts; ticket_verify: tickets/ticket-verify.ts;
 * deliver_invoice: delivery/delivery-step.ts; export_file: exports/export-step.ts)
 */
import QRCode from 'qrcode';
import { eq } from 'drizzle-orm';
import { taxAccounts } from '../db/schema/tax-accounts';
import { GatewayError, type TaxBureauAccount } from '../etax/gateway';
import { invoiceFailed, runInvoiceStep, settleInvoiceTask } from '../invoices/invoice-steps';
import { runWithdrawStep, settleWithdrawTask, withdrawFailed } from '../payouts/withdraw-steps';
import { decryptSecret } from '../security/secret-box';
import { runTicketVerifyStep, ticketVerifyFailed } from '../tickets/ticket-verify';
import { deliveryGaveUp, runDeliveryStep } from '../delivery/delivery-step';
import { exportTaskFailed, runExportStep } from '../exports/export-step';
import { taskCompany, type TaskRow } from './task-queue';
import { TaskStatus } from '@app/contract/task-status';
import type { StepContext, StepOutcome } from './step-types';

const SCAN_POLL_MS = 1000;

async function accountOf(context: StepContext, companyId: string): Promise<TaxBureauAccount> {
  const [account] = await context.db.select().from(taxAccounts).where(eq(taxAccounts.companyId, companyId));
  if (!account) throw new GatewayError('企业尚未设置电子税务局账号');
  return {
    nsrsbh: account.nsrsbh,
    phone: account.phone,
    loginIdentity: account.loginIdentity,
    personName: account.personName,
    password: decryptSecret(context.secretKey, account.passwordEncrypted),
  };
}

function qrImage(url: string): Promise<string> {
  return QRCode.toDataURL(url, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
}

export async function runStep(task: TaskRow, context: StepContext): Promise<StepOutcome> {
  const stage = String(task.payload.stage ?? 'start');
  const ref = task.id;
  switch (task.type) {
    case 'login_sms': {
      if (stage === 'start') {
        await context.gateway.startSmsLogin(ref, await accountOf(context, taskCompany(task)));
        return {
          status: TaskStatus.AwaitingSmsCode,
          failReason: null,
          payload: { stage: 'awaitCode' },
          smsSentAt: new Date(),
          nextRunAt: task.deadlineAt,
        };
      }
      if (stage === 'resend') {
        await context.gateway.resendSms(ref);
        return {
          status: TaskStatus.AwaitingSmsCode,
          failReason: null,
          payload: { stage: 'awaitCode' },
          smsSentAt: new Date(),
          nextRunAt: task.deadlineAt,
        };
      }
      if (stage === 'verify') {
        const verdict = await context.gateway.verifySms(ref, String(task.payload.code ?? ''));
        if (!verdict.ok) {
          return {
            status: TaskStatus.AwaitingSmsCode,
            failReason: verdict.reason,
            payload: { stage: 'awaitCode', code: null },
            nextRunAt: task.deadlineAt,
          };
        }
        return {
          status: TaskStatus.Succeeded,
          failReason: null,
          payload: { stage: 'done', code: null },
          finished: true,
          account: { loggedInAt: new Date(), expirationTime: verdict.expiresAt },
        };
      }
      // Waiting for the user's code: woken only by the deadline.
      return { nextRunAt: task.deadlineAt };
    }
    case 'login_qr':
    case 'face': {
      if (stage === 'start') {
        const { qrUrl } = await context.gateway.startScan(ref, task.type, await accountOf(context, taskCompany(task)));
        return {
          status: task.type === 'face' ? TaskStatus.AwaitingFaceScan : TaskStatus.AwaitingQrScan,
          failReason: null,
          extensionData: await qrImage(qrUrl),
          payload: { stage: 'awaitScan' },
          nextRunAt: new Date(Date.now() + SCAN_POLL_MS),
        };
      }
      const scan = await context.gateway.pollScan(ref);
      if (!scan.done) return { nextRunAt: new Date(Date.now() + SCAN_POLL_MS) };
      const account = task.type === 'face' ? { scanFaceTime: new Date() } : { loggedInAt: new Date(), expirationTime: scan.expiresAt };
      return { status: TaskStatus.Succeeded, failReason: null, extensionData: null, payload: { stage: 'done' }, finished: true, account };
    }
    case 'blue_invoice':
    case 'red_invoice':
      return runInvoiceStep(task, context);
    case 'withdraw':
      return runWithdrawStep(task, context);
    case 'ticket_verify':
      return runTicketVerifyStep(task, context);
    case 'deliver_invoice':
      return runDeliveryStep(task, context);
    case 'export_file':
      return runExportStep(task, context);
    default:
      throw new GatewayError(`暂不支持的任务类型: ${String(task.type)}`);
  }
}

/**
 * Before a task fails for good (after its attempts or past its deadline): an outcome that replaces the failure, when
 * its step may have done its work unseen (an invoice task: the bureau may have issued it; a withdraw task: the bank
 * may have received the payout — still processing keeps it open), or null to fail it (with `reason`).
 */
export async function settleBeforeFailing(task: TaskRow, context: StepContext, reason: string): Promise<StepOutcome | null> {
  if (task.type === 'withdraw') return settleWithdrawTask(task, context, reason);
  return task.type === 'blue_invoice' || task.type === 'red_invoice' ? settleInvoiceTask(task, context) : null;
}

/**
 * Tasks that fail only on a definitive answer, however late (money: a payout the bank may still make is never given
 * back): no SETTLE_GRACE_MS cut-off for them.
 */
export function settlesWithoutCutOff(task: TaskRow): boolean {
  return task.type === 'withdraw';
}

/** What else changes when a task fails for good (after its attempts or past its deadline). */
export function failureEffects(task: TaskRow, reason: string): StepOutcome['effects'] {
  if (task.type === 'withdraw') return withdrawFailed(task, reason);
  if (task.type === 'ticket_verify') return ticketVerifyFailed(task, reason);
  if (task.type === 'deliver_invoice') return deliveryGaveUp(task, reason);
  if (task.type === 'export_file') return exportTaskFailed(task, reason);
  return task.type === 'blue_invoice' || task.type === 'red_invoice' ? invoiceFailed(task, reason) : undefined;
}
