/** Blue invoices from the invoice form: what each buyer buys, filled in by the merchant and issued by the worker. */
import { chinaDate } from '@app/domain/china-time';
import type { InvoiceType } from '@app/domain/invoice-document';
import type { LineRate } from '@app/domain/invoice-line';
import type { BlueInvoiceLineRequest } from '@app/domain/invoice-requests';
import type { GoodsRow } from '../../companies/goods';
import { createBlueInvoice } from '../../invoices/create-invoices';
import { type History, type IssuedBlue, namedGoods, nextSerial, workerPicksUp } from './history';
import type { Buyer } from './participants';

const lineOf = (item: GoodsRow, quantity: number | null, grossFen: number): BlueInvoiceLineRequest => ({
  goodsId: item.id,
  quantity: quantity === null ? null : String(quantity),
  grossFen,
  rate: (item.taxFree ?? item.taxRatePermille ?? 0) as LineRate,
});

/** What a buyer of this kind buys on one invoice (goods, quantities, amounts including tax in fen), and its remarks. */
export function basket(history: History, buyer: Buyer, at: number): { lines: IssuedBlue['lines']; remarks: string } {
  const { rng } = history;
  const lines: IssuedBlue['lines'] = [];
  const take = (name: string, quantity: number | null, grossFen: number) =>
    lines.push({ goods: namedGoods(history, name), quantity: quantity === null ? null : String(quantity), grossFen });
  const priced = (name: string, quantity: number) => take(name, quantity, quantity * (namedGoods(history, name).unitPriceFen ?? 0));
  const month = `${Number(chinaDate(new Date(at)).slice(5, 7))}月`;
  const maybe = (remarks: string) => (rng.chance(0.5) ? remarks : '');
  if (buyer.party.naturalPerson) {
    if (rng.chance(0.6)) priced('龙井茶礼盒', rng.int(1, 4));
    else take('餐饮服务', null, rng.int(8, 60) * 1000);
    return { lines, remarks: '' };
  }
  switch (rng.int(0, 5)) {
    case 0:
      priced('软件技术服务', rng.int(1, 6));
      if (rng.chance(0.4)) take('技术咨询服务', null, rng.int(20, 120) * 1000);
      return { lines, remarks: maybe(`合同号 HT-${chinaDate(new Date(at)).slice(0, 4)}-${String(rng.int(1, 199)).padStart(3, '0')}`) };
    case 1:
      take('技术咨询服务', null, rng.int(30, 300) * 1000);
      return { lines, remarks: maybe('项目验收款') };
    case 2:
      priced('办公用品', rng.int(3, 30));
      if (rng.chance(0.5)) priced('打印机硒鼓', rng.int(1, 6));
      return { lines, remarks: maybe(`${month}办公用品采购`) };
    case 3:
      take('餐饮服务', null, rng.int(6, 48) * 5000);
      return { lines, remarks: maybe(rng.pick(['会议用餐', `${month}工作餐`])) };
    case 4:
      priced('龙井茶礼盒', rng.int(4, 40));
      return { lines, remarks: maybe(rng.pick(['客户礼品', '员工福利'])) };
    default:
      priced('农产品（蔬菜）', rng.int(40, 300));
      return { lines, remarks: maybe(`食堂蔬菜配送（${month}）`) };
  }
}

/** The merchant fills the invoice form for a buyer and submits it; the worker issues it. */
export async function issueBlue(
  history: History,
  at: Date,
  buyer: Buyer,
  lines: IssuedBlue['lines'],
  remarks: string,
  type?: InvoiceType,
): Promise<void> {
  const { db, queue, rng, manager, employee, caller } = history;
  const invoiceType: InvoiceType = type ?? (buyer.special && rng.chance(0.35) ? '数电专票' : '数电普票');
  const sendTo = { deliverPhone: buyer.mobile, deliverEmail: buyer.email };
  const { taskId, invoiceId } = await createBlueInvoice(
    db,
    queue,
    rng.chance(0.75) ? manager.id : employee.id,
    caller,
    {
      requestSerial: nextSerial(history, 'blue'),
      type: invoiceType,
      buyer: buyer.party,
      lines: lines.map((line) => lineOf(line.goods, line.quantity === null ? null : Number(line.quantity), line.grossFen)),
      remarks,
      ...sendTo,
    },
    at,
  );
  history.summary.blueInvoices++;
  history.issuedBlues.push({ invoiceId, buyer, type: invoiceType, lines, issuedAt: at.getTime(), reversed: false });
  workerPicksUp(history, taskId, at.getTime());
}
