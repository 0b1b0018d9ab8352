/**
 * Which form field a refusal of `task/createBlueInvoiceTask` is about, so its message can show under that field.
 * The server names fields two ways: schema messages carry the JSON path (`纳税人识别号(buyer.taxNumber) 格式不正确`),
 * and its own checks use the sentences of `@app/domain/invoice-buyer` and `@app/domain/invoice-delivery`, or name the line.
 */
import { BUYER_MESSAGES, buyerFieldOfMessage } from '@app/domain/invoice-buyer';
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
  [/^接收手机号/, ['deliverPhone']],
  [/^接收邮箱/, ['deliverEmail']],
];

export function fieldOfServerMessage(message: string): FieldPath | null {
  const schema = fromSchemaPath(message);
  if (schema) return schema;
  const line = /^第 (\d+) 行(.*)$/.exec(message);
  if (line) return ['lines', Number(line[1]) - 1, /商品/.test(line[2] ?? '') ? 'goods' : 'amount'];
  if (message === BUYER_MESSAGES.remarksTooLong) return ['remarks'];
  const buyerField = buyerFieldOfMessage(message);
  if (buyerField) return ['buyer', buyerField === 'naturalPerson' ? 'kind' : buyerField];
  return SENTENCES.find(([pattern]) => pattern.test(message))?.[1] ?? null;
}
