/**
 * What the product asks of the tax bureau's electronic tax service. The simulator implements it by default; a real
 * implementation talks to the bureau. Every method is idempotent on `ref` (the task's gateway reference), so a step
 * retried after a crash does not do the work twice.
 */
import type { InvoiceDocumentLine, InvoiceParty, InvoiceType, RedConfirmation, RedReason } from '@app/domain/invoice-document';

export interface TaxBureauAccount {
  nsrsbh: string;
  phone: string;
  loginIdentity: string;
  personName: string;
  password: string;
}

export type LoginMethod = 'sms' | 'qr';

export interface StartedScan {
  /** What the QR code shown to the user encodes (the regional tax app opens it). */
  qrUrl: string;
}

export type SmsVerdict = { ok: true; expiresAt: Date } | { ok: false; reason: string };
export type ScanState = { done: false } | { done: true; expiresAt: Date | null };

/** A refusal or fault of the tax bureau: the task may be retried; `reason` is shown to the user. */
export class GatewayError extends Error {
  override name = 'GatewayError';
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** An invoice as the bureau is asked to issue it (amounts in fen; a red invoice's are negative). */
export interface IssueRequest {
  kind: 'blue' | 'red';
  type: InvoiceType;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  lines: readonly InvoiceDocumentLine[];
  netFen: number;
  taxFen: number;
  grossFen: number;
  remarks: string;
  /** A red invoice: the confirmation form it is issued against. */
  redConfirmationNumber?: string;
}

export interface IssuedInvoice {
  /** The 20-digit number. */
  number: string;
  issuedAt: Date;
}

/**
 * What the bureau did with an issue request (by its ref): issued it, is still working on it, or has nothing issued
 * under it (never received, refused, or lost). Asked before an issue is retried or given up, so an invoice the bureau
 * issued after the client stopped waiting is recorded as issued, never as failed.
 */
export type IssueOutcome = ({ state: 'issued' } & IssuedInvoice) | { state: 'processing' } | { state: 'none' };

/** Seller-initiated 红字发票信息确认单 for (part of) an issued blue invoice. */
export interface RedConfirmationRequest {
  seller: InvoiceParty;
  buyer: InvoiceParty;
  originalNumber: string;
  reason: RedReason;
  grossFen: number;
}

export type RedConfirmationStatus = Pick<RedConfirmation, 'number' | 'state'>;

/** What a verification (发票查验) is asked with: the fields printed on the invoice. */
export interface VerifyRequest {
  /** 发票代码: empty for a fully digital invoice. */
  invoiceCode: string;
  number: string;
  /** YYYY-MM-DD. */
  issueDate: string;
  /** 不含税金额 in fen. */
  netFen: number;
  /** Empty where the invoice has none. */
  checkCodeLast6: string;
  /**
   * The tax number of the company that asks (the bureau knows whose e-tax session asks). Only the invoice's own seller
   * or buyer is told which printed field disagrees; anyone else gets 查无此票 for whatever is not an exact match, so
   * that a number's existence and issue day cannot be guessed a field at a time (docs/product.md, "What a 查验 answer
   * reveals").
   */
  askerTaxNumber: string;
}

/** The bureau's record of an invoice, as a verification answers it (its red reversals as positive amounts). */
export interface VerifiedInvoice {
  type: InvoiceType;
  number: string;
  issueDate: string;
  seller: { name: string; taxNumber: string };
  buyer: { name: string; taxNumber: string };
  netFen: number;
  taxFen: number;
  grossFen: number;
  remarks: string;
  lines: InvoiceDocumentLine[];
  status: '正常' | '已作废' | '已红冲' | '部分红冲';
  red: { netFen: number; taxFen: number; grossFen: number };
}

/** Found (with its record), or not: `reason` says why (查无此票, or to the invoice's own parties which printed field disagrees). */
export type VerifyAnswer = { found: true; invoice: VerifiedInvoice } | { found: false; reason: string };

export interface ETaxGateway {
  /** Starts an SMS login: the bureau sends a code to the account's phone. */
  startSmsLogin(ref: string, account: TaxBureauAccount): Promise<void>;
  /** Sends the code of an SMS login in progress again. */
  resendSms(ref: string): Promise<void>;
  verifySms(ref: string, code: string): Promise<SmsVerdict>;
  /** Starts a QR login or a face authentication: the user scans the returned URL with the tax app. */
  startScan(ref: string, kind: 'login_qr' | 'face', account: TaxBureauAccount): Promise<StartedScan>;
  /** Whether that scan has been completed. */
  pollScan(ref: string): Promise<ScanState>;
  /** Issues an invoice; the same ref issued again answers the same number. */
  issueInvoice(ref: string, request: IssueRequest): Promise<IssuedInvoice>;
  /** The outcome of an issue request by its ref (the bureau's query by request serial). */
  issueOutcome(ref: string): Promise<IssueOutcome>;
  /** Opens a red-letter confirmation form (idempotent on ref). */
  openRedConfirmation(ref: string, request: RedConfirmationRequest): Promise<RedConfirmationStatus>;
  /** The form's state now (the buyer may confirm or refuse it). */
  pollRedConfirmation(ref: string): Promise<RedConfirmationStatus>;
  /** Verifies an invoice (查验): the bureau's record of it, or why there is none matching. */
  verifyInvoice(ref: string, request: VerifyRequest): Promise<VerifyAnswer>;
}
