/**
 * Which form field a refusal of `task/createBlueInvoiceTask` is about, so its message can show under that field.
 * The server names fields two ways: schema messages carry the JSON path (`纳税人识别号(buyer.taxNumber) 格式不正确`),
 * and its own checks use fixed sentences (server/src/invoices/invoice-input.ts, create-invoices.ts).
 */
import type { LineField } from './line-draft';

export type FieldPath = ['buyer', string] | ['lines', number, LineField] | ['remarks'] | ['deliverPhone'] | ['deliverEmail'] | ['type'];

const LINE_FIELDS: Record<string, LineField> = { goodsId: 'goods', quantity: 'quantity', grossFen: 'amount', rate: 'rate' };

function fromSchemaPath(message: string): FieldPath | null {
  const path = /\(([A-Za-z0-9.]+)\)/.exec(message)?.[1];
  if (!path) return null;
  const [head, second, third] = path.split('.');
  if (head === 'buyer' && second) return ['buyer', second];
  if (head === 'lines' && second !== undefined && /^\d+$/.test(second)) return ['lines', Number(second), LINE_FIELDS[third ?? ''] ?? 'amount'];
  if (head === 'remarks' || head === 'deliverPhone' || head === 'deliverEmail' || head === 'type') return [head];
  return null;
}

const SENTENCES: [RegExp, FieldPath][] = [
  [/购买方名称/, ['buyer', 'name']],
  [/纳税人识别号/, ['buyer', 'taxNumber']],
  [/自然人/, ['buyer', 'kind']],
  [/购买方地址和电话/, ['buyer', 'address']],
  [/购买方开户行和账号/, ['buyer', 'bankName']],
  [/^备注/, ['remarks']],
  [/^接收手机号/, ['deliverPhone']],
  [/^接收邮箱/, ['deliverEmail']],
];

export function fieldOfServerMessage(message: string): FieldPath | null {
  const schema = fromSchemaPath(message);
  if (schema) return schema;
  const line = /^第 (\d+) 行(.*)$/.exec(message);
  if (line) return ['lines', Number(line[1]) - 1, /商品/.test(line[2] ?? '') ? 'goods' : 'amount'];
  return SENTENCES.find(([pattern]) => pattern.test(message))?.[1] ?? null;
}
