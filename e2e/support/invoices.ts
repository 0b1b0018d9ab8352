/**
 * A test's set-up at the e-tax simulator through the API: a blue invoice (数电普票) issued to `buyer` with `lines`
 * (goods, 含税 amount in fen, rate in ‰), sent where `delivery` says (nowhere by default), its task awaited, the
 * invoice as stored. The company needs its tax-bureau login and today's face (the `tax-account` test hook) first.
 */
import type { InvoiceParty } from '@app/domain/invoice-document';
import { callApi } from './sign-in';
import { until } from './wait';

export interface IssuedInvoice {
  id: string;
  number: string;
  issuedAt: string;
  netFen: number;
}

export async function issueBlueInvoice(
  baseUrl: string,
  token: string,
  buyer: InvoiceParty,
  lines: { goodsId: string; grossFen: number; rate: number }[],
  delivery: { deliverPhone?: string; deliverEmail?: string } = {},
): Promise<IssuedInvoice> {
  const api = <T>(path: string, body: unknown) => callApi<T>(baseUrl, path, body, token);
  const { taskId, invoiceId } = await api<{ taskId: string; invoiceId: string }>('task/createBlueInvoiceTask', {
    requestSerial: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
    type: '数电普票',
    buyer,
    lines: lines.map((line) => ({ ...line, quantity: null })),
    remarks: '',
    deliverPhone: '',
    deliverEmail: '',
    ...delivery,
  });
  const { taskStatus, failReason } = await until(`task ${taskId} to finish`, async () => {
    const task = await api<{ taskStatus: number; failReason: string | null }>('task/getTaskDetail', { id: taskId });
    return task.taskStatus === 1 || task.taskStatus === -1 ? task : null;
  });
  if (taskStatus === -1) throw new Error(`blue invoice failed: ${failReason}`);
  const invoice = await api<{ number: string; issuedAt: string; netFen: number }>('invoice/get', { id: invoiceId });
  return { id: invoiceId, number: invoice.number, issuedAt: invoice.issuedAt, netFen: invoice.netFen };
}

/** `YYYY-MM-DD` in China time. */
export const chinaDay = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 10);

/** A company buyer with only its name and tax number, as most specs issue to. */
export function companyBuyer(name: string, taxNumber: string): InvoiceParty {
  return { name, taxNumber, address: '', phone: '', bankName: '', bankAccount: '', naturalPerson: false };
}

/** The company's 软件服务费 goods (信息技术服务 at 6 %), which most specs issue their lines of. */
export async function saveServiceGoods(baseUrl: string, token: string): Promise<{ id: string }> {
  return callApi<{ id: string }>(
    baseUrl,
    'goods/save',
    {
      name: '软件服务费',
      taxCode: '3040201000000000000',
      taxShortName: '信息技术服务',
      model: '',
      unit: '项',
      unitPriceFen: null,
      taxRatePermille: 60,
      taxFree: null,
    },
    token,
  );
}
