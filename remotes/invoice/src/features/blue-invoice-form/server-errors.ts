/**
 * Where a field the server refused (`result.fields` of a 4000 answer, named by its path in the request body of
 * `task/createBlueInvoiceTask`) is in the blue-invoice form, which names some of them its own way.
 */
import type { NamePath } from '@app/ui/form';
import type { LineField } from './line-draft';

const LINE_FIELDS: Record<string, LineField> = {
  goodsId: 'goods',
  quantity: 'quantity',
  grossFen: 'amount',
  rate: 'rate',
  discount: 'discount',
};

export function formFieldOf(path: string): NamePath | null {
  const [head, second, third] = path.split('.');
  if (head === 'buyer' && second) return ['buyer', second === 'naturalPerson' ? 'kind' : second];
  if (head === 'lines' && second !== undefined && /^\d+$/.test(second))
    return ['lines', Number(second), LINE_FIELDS[third ?? ''] ?? 'amount'];
  if (head === 'remarks' || head === 'deliverPhone' || head === 'deliverEmail' || head === 'type') return [head];
  return null;
}
