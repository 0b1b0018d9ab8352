/** Invoices as the server answers them, built with the domain's own line maths, for the PDF tests and samples. */
import { printedItemName, type InvoiceDocument, type InvoiceDocumentLine, type InvoiceParty } from '@app/domain/invoice-document';
import { priceLine, type LineRate } from '@app/domain/invoice-line';
import { invoiceTotals } from '@app/domain/tax-maths';
import { usccCheckCharacter } from '@app/domain/tax-number';

export const BUYER: InvoiceParty = {
  name: '杭州喆堃网络科技有限公司',
  taxNumber: '91330106MA2H3K4L5P',
  address: '浙江省杭州市西湖区文三路 478 号华星时代广场 A 座 1201 室',
  phone: '0571-88886666',
  bankName: '招商银行杭州高新支行',
  bankAccount: '571912345610801',
  naturalPerson: false,
};

/** A company buyer with a valid tax number (its check character computed) and nothing else: what a request needs. */
export const PLAIN_BUYER: InvoiceParty = {
  name: '杭州西湖文化传媒有限公司',
  taxNumber: `91330106MA27Y8K3P${usccCheckCharacter('91330106MA27Y8K3P')}`,
  address: '',
  phone: '',
  bankName: '',
  bankAccount: '',
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
  const priced = priceLine({ grossFen: spec.grossFen, rate: spec.rate, quantity: spec.quantity ?? null });
  return {
    lineNo,
    itemName: printedItemName(spec.taxShortName, spec.goodsName),
    taxCode: '3070401000000000000',
    model: spec.model ?? '',
    unit: spec.unit ?? '',
    ...priced,
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

function totals(lines: InvoiceDocumentLine[]) {
  return invoiceTotals(lines);
}

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
    ...totals(lines),
    remarks: '项目：2025 年春季客户答谢会',
    issuer: '王晓梅',
    deliverPhone: '13800138000',
    deliverEmail: 'finance@example.com',
    failReason: null,
    taskId: 'c2d1b6a0-6f2b-4bd4-9c35-0d7a0f8e9b11',
    createdAt: '2025-03-15T02:29:41.000Z',
    leftFen: 0,
    leftByLine: {},
    original: null,
    redConfirmation: null,
    ...overrides,
  };
}

/** A red invoice reversing two lines of the blue one: one whole (with its quantity), one in part. */
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
    status: '已开具',
    number: '25332000000012349999',
    issuedAt: '2025-04-02T07:05:00.000Z',
    lines,
    ...totals(lines),
    remarks: '',
    original: { id: blue.id, number: blue.number, issuedAt: blue.issuedAt },
    redConfirmation: { number: '33012025040200000123', reason: '02', state: '01' },
    ...overrides,
  };
}
