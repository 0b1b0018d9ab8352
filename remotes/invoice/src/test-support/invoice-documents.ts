/**
 * Test support (never imported by the app): invoices as `invoice/get` answers them — a blue 专票 with five lines (one
 * of them tax-free), a red 普票 reversing two of its lines, and a blue 普票 with a discounted line (折扣行) — built with
 * the domain's own line maths.
 */
import { discountAmounts } from '@app/domain/discount-line';
import {
  printedItemName,
  type InvoiceDocument,
  type InvoiceDocumentLine,
  type InvoiceParty,
  type InvoiceSummary,
} from '@app/domain/invoice-document';
import { priceLine, type LineRate } from '@app/domain/invoice-line';
import { invoiceTotals } from '@app/domain/tax-maths';

export const BUYER: InvoiceParty = {
  name: '杭州喆堃网络科技有限公司',
  taxNumber: '91330106MA2H3K4L5P',
  address: '浙江省杭州市西湖区文三路 478 号',
  phone: '0571-88886666',
  bankName: '招商银行杭州高新支行',
  bankAccount: '571912345610801',
  naturalPerson: false,
};

export const SELLER: InvoiceParty = {
  name: '上海优税通餐饮管理有限公司',
  taxNumber: '91310115MA1K4ABC2X',
  address: '上海市浦东新区张江路 88 号',
  phone: '021-55551234',
  bankName: '中国工商银行上海张江支行',
  bankAccount: '1001234509006789012',
  naturalPerson: false,
};

interface LineSpec {
  taxShortName: string;
  goodsName: string;
  model?: string;
  unit?: string;
  quantity?: string;
  grossFen: number;
  rate: LineRate;
}

function line(lineNo: number, spec: LineSpec): InvoiceDocumentLine {
  return {
    lineNo,
    itemName: printedItemName(spec.taxShortName, spec.goodsName),
    taxCode: '3070401000000000000',
    model: spec.model ?? '',
    unit: spec.unit ?? '',
    ...priceLine({ grossFen: spec.grossFen, rate: spec.rate, quantity: spec.quantity ?? null }),
    discountOf: null,
  };
}

const BLUE_LINES: LineSpec[] = [
  { taxShortName: '餐饮服务', goodsName: '商务午餐', unit: '份', quantity: '12', grossFen: 118_800, rate: 60 },
  { taxShortName: '酒', goodsName: '绍兴黄酒（十年陈酿）', model: '500ml×6', unit: '箱', quantity: '2', grossFen: 71_600, rate: 130 },
  { taxShortName: '信息技术服务', goodsName: '点餐系统年度维护服务费', unit: '年', quantity: '1', grossFen: 1_234_567, rate: 60 },
  { taxShortName: '蔬菜', goodsName: '有机蔬菜', unit: '千克', quantity: '3.5', grossFen: 12_950, rate: '免税' },
  { taxShortName: '现代服务', goodsName: '场地布置', grossFen: 50_000, rate: 30 },
];

export function blueInvoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const lines = BLUE_LINES.map((spec, index) => line(index + 1, spec));
  return {
    id: '0b8f1f7e-3c1a-4a57-9a55-2f3a4c1d2e01',
    kind: 'blue',
    type: '数电专票',
    status: '已开具',
    number: '25332000000012345678',
    issuedAt: '2025-03-15T02:30:00.000Z',
    buyer: BUYER,
    seller: SELLER,
    lines,
    ...invoiceTotals(lines),
    remarks: '项目：2025 年春季客户答谢会',
    issuer: '王晓梅',
    deliverPhone: '13800138000',
    deliverEmail: 'finance@example.com',
    failReason: null,
    taskId: 'c2d1b6a0-6f2b-4bd4-9c35-0d7a0f8e9b11',
    createdAt: '2025-03-15T02:29:41.000Z',
    leftFen: invoiceTotals(lines).grossFen,
    leftByLine: Object.fromEntries(lines.map((each) => [each.lineNo, each.grossFen])),
    original: null,
    redConfirmation: null,
    ...overrides,
  };
}

/** A red invoice reversing the first blue line whole (with its quantity) and ¥2,000.00 of the third. */
export function redInvoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const blue = blueInvoice();
  const whole = blue.lines[0] as InvoiceDocumentLine;
  const wholeRed: InvoiceDocumentLine = {
    ...whole,
    quantity: `-${whole.quantity ?? ''}`,
    netFen: -whole.netFen,
    taxFen: -whole.taxFen,
    grossFen: -whole.grossFen,
  };
  const partial = line(3, { ...(BLUE_LINES[2] as LineSpec), quantity: undefined, grossFen: -200_000 });
  const lines = [wholeRed, partial];
  return {
    ...blue,
    id: '7a6c3d2e-1b0f-4e9d-8c7b-6a5f4e3d2c01',
    kind: 'red',
    type: '数电普票',
    status: '已开具',
    number: '25332000000012349999',
    issuedAt: '2025-04-02T07:05:00.000Z',
    lines,
    ...invoiceTotals(lines),
    remarks: '',
    leftFen: 0,
    leftByLine: {},
    original: { id: blue.id, number: blue.number, issuedAt: blue.issuedAt },
    redConfirmation: { number: '33012025040200000123', reason: '02', state: '01' },
    ...overrides,
  };
}

/**
 * A blue 普票 of two goods lines, the first (¥1,188.00 at 6 %) discounted by ¥118.80 (10 %): line 1, its discount line
 * 2, then line 3 (¥716.00 at 13 %).
 */
export function discountedInvoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const lunch = line(1, BLUE_LINES[0] as LineSpec);
  const discount: InvoiceDocumentLine = {
    ...lunch,
    lineNo: 2,
    model: '',
    unit: '',
    quantity: null,
    unitPrice: null,
    ...discountAmounts(11_880, 60),
    discountOf: 1,
  };
  const lines = [lunch, discount, line(3, BLUE_LINES[1] as LineSpec)];
  return blueInvoice({
    id: '5e0c2b7d-4a1f-4c3e-8d2b-9f1a0e3c4d01',
    type: '数电普票',
    number: '25332000000012340001',
    lines,
    ...invoiceTotals(lines),
    leftFen: invoiceTotals(lines).grossFen,
    leftByLine: Object.fromEntries(lines.map((each) => [each.lineNo, each.grossFen])),
    ...overrides,
  });
}

/** A row of `invoice/list`: the blue invoice's, with `overrides`. */
export function invoiceSummary(overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  const blue = blueInvoice();
  return {
    id: blue.id,
    kind: 'blue',
    type: '数电专票',
    status: '已开具',
    number: blue.number,
    issuedAt: blue.issuedAt,
    netFen: blue.netFen,
    taxFen: blue.taxFen,
    grossFen: blue.grossFen,
    leftFen: blue.grossFen,
    failReason: null,
    taskId: null,
    createdAt: blue.createdAt,
    buyerName: blue.buyer.name,
    buyerTaxNumber: blue.buyer.taxNumber,
    ...overrides,
  };
}
