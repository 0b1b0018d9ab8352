/**
 * The QR code printed on Chinese invoices: comma-separated fields
 * `01,<type>,<code>,<number>,<net amount>,<date YYYYMMDD>,<check code>,<crc>`. Digital invoices (数电票) leave the code
 * empty and carry the 20-digit number.
 */
import { parseYuan } from './money';

export interface InvoiceQr {
  /** The invoice type code, e.g. 31 数电专票, 32 数电普票, 01 增值税专用发票, 04 普通发票, 10 电子普通发票. */
  type: string;
  /** 发票代码: empty on digital invoices. */
  code: string;
  number: string;
  /** The amount without tax (不含税金额), in fen. */
  netFen: number;
  /** YYYY-MM-DD. */
  date: string;
  /** The last six characters of the check code (校验码), empty where the invoice has none. */
  checkCodeTail: string;
}

export type InvoiceQrResult = { ok: true; invoice: InvoiceQr } | { ok: false; reason: string };

function validDate(yyyymmdd: string): string | null {
  if (!/^\d{8}$/.test(yyyymmdd)) return null;
  const iso = `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : null;
}

export function parseInvoiceQr(text: string): InvoiceQrResult {
  const fields = text.trim().split(',');
  if (fields.length < 7 || fields[0] !== '01') return { ok: false, reason: '不是发票二维码' };
  const [, type = '', code = '', number = '', amount = '', date = '', checkCode = ''] = fields;
  if (!/^\d{2}$/.test(type)) return { ok: false, reason: '发票类型无法识别' };
  if (code !== '' && !/^\d{10,12}$/.test(code)) return { ok: false, reason: '发票代码格式不正确' };
  const digital = code === '';
  if (digital ? !/^\d{20}$/.test(number) : !/^\d{8}$/.test(number)) return { ok: false, reason: '发票号码格式不正确' };
  const netFen = parseYuan(amount);
  if (netFen === null || netFen < 0) return { ok: false, reason: '金额格式不正确' };
  const iso = validDate(date);
  if (!iso) return { ok: false, reason: '开票日期格式不正确' };
  if (checkCode !== '' && !/^[0-9A-Za-z]{6,20}$/.test(checkCode)) return { ok: false, reason: '校验码格式不正确' };
  return { ok: true, invoice: { type, code, number, netFen, date: iso, checkCodeTail: checkCode.slice(-6) } };
}
