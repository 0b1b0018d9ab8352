/**
 * The QR code printed on Chinese invoices: comma-separated fields
 * `01,<type>,<code>,<number>,<net amount>,<date YYYYMMDD>,<check code>,<crc>`. Digital invoices (数电票) leave the code
 * empty and carry the 20-digit number.
 */
import { INVOICE_TYPE_CODES, type InvoiceType } from './invoice-document';
import { parseYuan, yuanInputText } from './money';

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
  // A red invoice carries its (negative) amount as printed.
  const netFen = parseYuan(amount);
  if (netFen === null) return { ok: false, reason: '金额格式不正确' };
  const iso = validDate(date);
  if (!iso) return { ok: false, reason: '开票日期格式不正确' };
  if (checkCode !== '' && !/^[0-9A-Za-z]{6,20}$/.test(checkCode)) return { ok: false, reason: '校验码格式不正确' };
  return { ok: true, invoice: { type, code, number, netFen, date: iso, checkCodeTail: checkCode.slice(-6) } };
}

export interface DigitalInvoiceQrInput {
  type: InvoiceType;
  /** The 20-digit number. */
  number: string;
  /** 不含税金额 in fen; negative on a red invoice. */
  netFen: number;
  /** The issue date YYYY-MM-DD (China time). */
  issueDate: string;
}

/** CRC-16/CCITT-FALSE of an ASCII text (the payload is digits, commas, dots and minus signs), as 4 upper-case hex digits. */
function crc16(ascii: string): string {
  let crc = 0xffff;
  for (let index = 0; index < ascii.length; index++) {
    crc ^= (ascii.charCodeAt(index) & 0xff) << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * The QR payload printed on a digital invoice: `01,<31|32>,,<number>,<net yuan>,<YYYYMMDD>,,<crc>` — no invoice code
 * and no check code, the last field a checksum of the fields before it.
 */
export function invoiceQrPayload(input: DigitalInvoiceQrInput): string {
  if (!Number.isSafeInteger(input.netFen)) throw new RangeError(`金额必须是整数分: ${input.netFen}`);
  if (!/^\d{20}$/.test(input.number)) throw new RangeError(`发票号码应为 20 位数字: ${input.number}`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.issueDate)) throw new RangeError(`开票日期应为 YYYY-MM-DD: ${input.issueDate}`);
  const fields = [
    '01',
    INVOICE_TYPE_CODES[input.type],
    '',
    input.number,
    yuanInputText(input.netFen),
    input.issueDate.replaceAll('-', ''),
    '',
  ];
  const head = fields.join(',');
  return `${head},${crc16(head)}`;
}
