/**
 * The built-in e-tax simulator: a stand-in for the tax bureau with its own state (tables `sim_sessions`, `sim_sms`).
 * SMS codes appear in its inbox page `/etax-sim/sms` and in the log; a QR code points at `/etax-sim/scan/<ref>`,
 * which completes the login or face authentication when opened. Each step takes `stepDelayMs` (about a second).
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { simInvoices, simInvoiceSequence, simIssueRequests, simRedFormSequence, simSessions, simSms } from '../../db/schema/etax-simulator';
import { invoices } from '../../db/schema/invoices';
import { documentLine, linesOf } from '../../invoices/invoice-records';
import { chinaDate } from '@app/domain/china-time';
import { discountPairProblem } from '@app/domain/discount-line';
import type { RedConfirmationState } from '@app/domain/invoice-document';
import { redFormNumber } from '@app/domain/red-form-number';
import {
  GatewayError,
  type ETaxGateway,
  type IssuedInvoice,
  type IssueOutcome,
  type IssueRequest,
  type RedConfirmationRequest,
  type RedConfirmationStatus,
  type ScanState,
  type SmsVerdict,
  type StartedScan,
  type TaxBureauAccount,
  type VerifiedInvoice,
  type VerifyAnswer,
  type VerifyRequest,
} from '../gateway';
import type { FaultState } from './faults';

/** A tax-bureau login lasts this long. */
const LOGIN_LIFETIME_MS = 12 * 3600 * 1000;
/** An issue request still processing this long after it should have been answered was lost (the process stopped). */
const LOST_REQUEST_GRACE_MS = 30_000;

export interface SimulatorOptions {
  db: Database;
  publicUrl: string;
  stepDelayMs: number;
  fault: FaultState;
  log: (message: string) => void;
  /**
   * The bureau's clock: the time it issues at (the number's year, the issue date) and answers by. Now, unless the demo
   * history has the bureau issue its past invoices at their times (db/demo-history.ts, with no step delay).
   */
  now?: () => Date;
}

export class SimulatorGateway implements ETaxGateway {
  constructor(private readonly options: SimulatorOptions) {}

  get fault(): FaultState {
    return this.options.fault;
  }

  setFault(fault: FaultState): void {
    this.options.fault = fault;
  }

  /** How the simulated buyer answers red-letter confirmation forms waiting for them (tests switch it). */
  buyerAnswer: 'confirm' | 'refuse' = 'confirm';

  scanUrl(ref: string): string {
    return `${this.options.publicUrl}/etax-sim/scan/${encodeURIComponent(ref)}`;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** How long a step takes now (the fault switch may slow it down). */
  private stepMs(): number {
    const { mode, delayMs } = this.options.fault;
    return this.options.stepDelayMs + (mode === 'slow' ? delayMs : 0);
  }

  /**
   * The bureau's latency, and the fault switch: hang never answers (the bureau is unreachable, nothing arrives), fail
   * refuses after the usual latency. `received` runs once the request has arrived, before the bureau works on it.
   */
  private async step(received?: (answerBy: Date) => Promise<void>): Promise<void> {
    const { mode, reason } = this.options.fault;
    if (mode === 'hang') await new Promise(() => {});
    const ms = this.stepMs();
    await received?.(new Date(this.now().getTime() + ms + LOST_REQUEST_GRACE_MS));
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    if (mode === 'fail') throw new GatewayError(reason);
  }

  private async session(ref: string) {
    const [session] = await this.options.db.select().from(simSessions).where(eq(simSessions.ref, ref));
    if (!session) throw new GatewayError('税务局会话不存在，请重新发起');
    return session;
  }

  /** A new code for the session and its SMS, in one transaction: a crash leaves both or neither. */
  private async sendCode(ref: string, phone: string): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.options.db.transaction(async (tx) => {
      await tx.update(simSessions).set({ smsCode: code }).where(eq(simSessions.ref, ref));
      await tx.insert(simSms).values({ phone, code, gatewayRef: ref });
    });
    this.options.log(`[e-tax simulator] 短信验证码 ${code} 已发送至 ${maskPhone(phone)}（见 /etax-sim/sms）`);
  }

  /**
   * Records the start; a repeated start of the same ref is counted but does nothing else (idempotent). Returns
   * whether the session still lacks what a start does (its SMS code): true the first time, and again when a crash
   * came between recording the start and sending the code.
   */
  private async begin(ref: string, kind: 'login_sms' | 'login_qr' | 'face', account: TaxBureauAccount): Promise<boolean> {
    const [session] = await this.options.db
      .insert(simSessions)
      .values({ ref, kind, nsrsbh: account.nsrsbh, phone: account.phone })
      .onConflictDoUpdate({ target: simSessions.ref, set: { starts: sql`${simSessions.starts} + 1` } })
      .returning({ starts: simSessions.starts, smsCode: simSessions.smsCode });
    return !!session && session.smsCode === null;
  }

  async startSmsLogin(ref: string, account: TaxBureauAccount): Promise<void> {
    await this.step();
    if (await this.begin(ref, 'login_sms', account)) await this.sendCode(ref, account.phone);
  }

  async resendSms(ref: string): Promise<void> {
    await this.step();
    const session = await this.session(ref);
    await this.sendCode(ref, session.phone);
  }

  async verifySms(ref: string, code: string): Promise<SmsVerdict> {
    await this.step();
    const session = await this.session(ref);
    if (!session.smsCode || session.smsCode !== code) return { ok: false, reason: '短信验证码错误，请核对后重新输入' };
    return { ok: true, expiresAt: new Date(Date.now() + LOGIN_LIFETIME_MS) };
  }

  async startScan(ref: string, kind: 'login_qr' | 'face', account: TaxBureauAccount): Promise<StartedScan> {
    await this.step();
    await this.begin(ref, kind, account);
    return { qrUrl: this.scanUrl(ref) };
  }

  async pollScan(ref: string): Promise<ScanState> {
    const session = await this.session(ref);
    if (!session.scannedAt) return { done: false };
    return { done: true, expiresAt: session.kind === 'login_qr' ? new Date(session.scannedAt.getTime() + LOGIN_LIFETIME_MS) : null };
  }

  /** What opening the QR code's URL does: the scan is done. Returns the session, or null for an unknown ref. */
  async completeScan(ref: string) {
    const [session] = await this.options.db
      .update(simSessions)
      .set({ scannedAt: sql`coalesce(${simSessions.scannedAt}, now())` })
      .where(eq(simSessions.ref, ref))
      .returning();
    return session ?? null;
  }

  async inbox(limit = 50) {
    return this.options.db.select().from(simSms).orderBy(desc(simSms.id)).limit(limit);
  }

  async issueInvoice(ref: string, request: IssueRequest): Promise<IssuedInvoice> {
    const db = this.options.db;
    // The bureau checks discount lines (折扣行) as it checks any line: each follows its line and never exceeds it.
    const pairProblem = discountPairProblem(request.lines);
    if (pairProblem) throw new GatewayError(`税局拒绝开具：${pairProblem}`);
    try {
      await this.step(async (answerBy) => {
        // Arrived: processing until answered (a repeated request of an issued ref stays issued).
        await db
          .insert(simIssueRequests)
          .values({ ref, state: 'processing', answerBy })
          .onConflictDoUpdate({
            target: simIssueRequests.ref,
            set: { state: 'processing', answerBy },
            setWhere: sql`${simIssueRequests.state} <> 'issued'`,
          });
      });
    } catch (error) {
      await db
        .update(simIssueRequests)
        .set({ state: 'refused' })
        .where(and(eq(simIssueRequests.ref, ref), eq(simIssueRequests.state, 'processing')));
      throw error;
    }
    const issued = await this.record(ref, request.kind, request.seller.taxNumber);
    await db.update(simIssueRequests).set({ state: 'issued' }).where(eq(simIssueRequests.ref, ref));
    this.options.log(`[e-tax simulator] ${request.kind === 'blue' ? '蓝字' : '红字'}发票 ${issued.number} 已开具（${request.buyer.name}）`);
    return { number: issued.number, issuedAt: issued.issuedAt };
  }

  /** The bureau's query by request serial: always answers (it is not subject to the fault switch). */
  async issueOutcome(ref: string): Promise<IssueOutcome> {
    const db = this.options.db;
    const [invoice] = await db
      .select()
      .from(simInvoices)
      .where(and(eq(simInvoices.ref, ref), inArray(simInvoices.kind, ['blue', 'red'])));
    if (invoice) return { state: 'issued', number: invoice.number, issuedAt: invoice.issuedAt };
    const [request] = await db.select().from(simIssueRequests).where(eq(simIssueRequests.ref, ref));
    return request?.state === 'processing' && request.answerBy.getTime() > this.now().getTime()
      ? { state: 'processing' }
      : { state: 'none' };
  }

  /**
   * A form for a natural-person buyer (no tax number) needs no confirmation (01); otherwise the seller's entry waits
   * for the buyer (02), who confirms it by the next poll (04) — or refuses it (05) when `buyerAnswer` says so.
   */
  async openRedConfirmation(ref: string, request: RedConfirmationRequest): Promise<RedConfirmationStatus> {
    await this.step();
    const state: RedConfirmationState = request.buyer.naturalPerson || !request.buyer.taxNumber ? '01' : '02';
    const form = await this.record(ref, 'red_confirmation', request.seller.taxNumber, state);
    return { number: form.number, state: (form.state ?? state) as RedConfirmationState };
  }

  async pollRedConfirmation(ref: string): Promise<RedConfirmationStatus> {
    await this.step();
    const [form] = await this.options.db
      .update(simInvoices)
      .set({
        state: sql`case when ${simInvoices.state} = '02' then ${this.buyerAnswer === 'confirm' ? '04' : '05'} else ${simInvoices.state} end`,
      })
      .where(eq(simInvoices.ref, ref))
      .returning();
    if (!form) throw new GatewayError('红字确认单不存在，请重新发起');
    return { number: form.number, state: form.state as RedConfirmationState };
  }

  /**
   * 发票查验: the bureau knows every invoice it issued (`sim_invoices`, by number) with what the issue request carried
   * (kept by the server in `invoices`, which the simulator shares the database with). An invoice it did not issue
   * — any invoice with a code: it issues fully digital ones only — is 查无此票, as is one whose printed date or amount
   * differs from the record; the reason names that field only to the invoice's seller or buyer (the asker's tax
   * number), to anyone else it is 查无此票 as for a number never issued. Subject to the fault switch like every step.
   */
  async verifyInvoice(_ref: string, request: VerifyRequest): Promise<VerifyAnswer> {
    await this.step();
    const notFound = { found: false, reason: '查无此票' } as const;
    if (request.invoiceCode !== '') return notFound;
    const db = this.options.db;
    const [record] = await db
      .select()
      .from(simInvoices)
      .where(and(eq(simInvoices.number, request.number), inArray(simInvoices.kind, ['blue', 'red'])));
    if (!record) return notFound;
    const [invoice] = await db.select().from(invoices).where(eq(invoices.number, request.number));
    if (!invoice) return notFound;
    const issueDate = chinaDate(invoice.issuedAt ?? record.issuedAt);
    const party = request.askerTaxNumber !== '' && [invoice.seller.taxNumber, invoice.buyer.taxNumber].includes(request.askerTaxNumber);
    const disagrees = (field: string): VerifyAnswer => (party ? { found: false, reason: `查无此票：${field}与税局记录不一致` } : notFound);
    if (issueDate !== request.issueDate) return disagrees('开票日期');
    if (invoice.netFen !== request.netFen) return disagrees('金额（不含税）');
    const red = { netFen: 0, taxFen: 0, grossFen: 0 };
    if (invoice.kind === 'blue') {
      const [sums] = await db
        .select({
          netFen: sql<number>`coalesce(-sum(${invoices.netFen}), 0)`.mapWith(Number),
          taxFen: sql<number>`coalesce(-sum(${invoices.taxFen}), 0)`.mapWith(Number),
          grossFen: sql<number>`coalesce(-sum(${invoices.grossFen}), 0)`.mapWith(Number),
        })
        .from(invoices)
        .where(and(eq(invoices.originalId, invoice.id), ne(invoices.status, '开具失败'), ne(invoices.status, '开具中')));
      if (sums) Object.assign(red, sums);
    }
    const status: VerifiedInvoice['status'] = record.voidedAt
      ? '已作废'
      : invoice.status === '已红冲'
        ? '已红冲'
        : invoice.status === '部分红冲'
          ? '部分红冲'
          : '正常';
    const lines = ((await linesOf(db, [invoice.id])).get(invoice.id) ?? []).map(documentLine);
    return {
      found: true,
      invoice: {
        type: invoice.type,
        number: request.number,
        issueDate,
        seller: { name: invoice.seller.name, taxNumber: invoice.seller.taxNumber },
        buyer: { name: invoice.buyer.name, taxNumber: invoice.buyer.taxNumber },
        netFen: invoice.netFen,
        taxFen: invoice.taxFen,
        grossFen: invoice.grossFen,
        remarks: invoice.remarks,
        lines,
        status,
        red,
      },
    };
  }

  /** Voids an issued invoice at the simulated bureau (tests and demos): its verification answers 已作废. */
  async voidInvoice(number: string): Promise<boolean> {
    const voided = await this.options.db
      .update(simInvoices)
      .set({ voidedAt: this.now() })
      .where(and(eq(simInvoices.number, number), isNull(simInvoices.voidedAt)))
      .returning({ number: simInvoices.number });
    return voided.length > 0;
  }

  /**
   * One number per ref, ever. An invoice's: 2 digits of the year, 2 of the seller's province, channel 1, 15 of sequence.
   * A red-letter confirmation form's is not an invoice number: its own format (`@app/domain/red-form-number`) from a
   * sequence of its own, so forms never spend invoice numbers.
   */
  private async record(ref: string, kind: 'blue' | 'red' | 'red_confirmation', sellerTaxNumber: string, state?: string) {
    const at = this.now();
    const number =
      kind === 'red_confirmation' ? await this.nextFormNumber(sellerTaxNumber, at) : this.invoiceNumberSql(sellerTaxNumber, at);
    await this.options.db
      .insert(simInvoices)
      .values({ ref, kind, number, state: state ?? null, ...(this.options.now && { issuedAt: at }) })
      .onConflictDoNothing({ target: simInvoices.ref });
    const [row] = await this.options.db.select().from(simInvoices).where(eq(simInvoices.ref, ref));
    if (!row) throw new GatewayError('税务局未返回开具结果，请稍后重试');
    return row;
  }

  private invoiceNumberSql(sellerTaxNumber: string, at: Date) {
    const region = /^\d{2}$/.test(sellerTaxNumber.slice(2, 4)) ? sellerTaxNumber.slice(2, 4) : '44';
    const year = chinaDate(at).slice(2, 4);
    return sql`${year} || ${region} || '1' || lpad(nextval('${sql.raw(simInvoiceSequence.seqName ?? 'sim_invoice_seq')}')::text, 15, '0')`;
  }

  private async nextFormNumber(sellerTaxNumber: string, at: Date): Promise<string> {
    const answer = await this.options.db.execute(
      sql`select nextval('${sql.raw(simRedFormSequence.seqName ?? 'sim_red_form_seq')}')::text as value`,
    );
    const [next] = (answer as unknown as { rows: { value: string }[] }).rows;
    return redFormNumber(sellerTaxNumber, at, Number(next?.value));
  }
}

function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
}
