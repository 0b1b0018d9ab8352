/** Tickets and picture fixtures as the ticket pages' tests use them. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TicketDetail, TicketSummary } from '@app/contract/ticket';
import { PNG } from 'pngjs';

/**
 * What `fixtures/invoice-qr.png` and `fixtures/invoice-photo.png` hold (made with `qrcode` from
 * `invoiceQrPayload` of `@app/domain/invoice-qr`): a 数电普票 of 2026-11-20, ¥1,234.50 before tax. The photo is the
 * same code in the top left of a 2400 × 1600 picture; `fixtures/no-qr.png` holds no code.
 */
export const FIXTURE_QR = '01,32,,26332000000123456789,1234.50,20261120,,3098';
export const FIXTURE_NUMBER = '26332000000123456789';

export function fixturePath(name: 'invoice-qr.png' | 'invoice-photo.png' | 'no-qr.png'): string {
  return join(import.meta.dirname, 'fixtures', name);
}

export function readFixture(name: Parameters<typeof fixturePath>[0]): PNG {
  return PNG.sync.read(readFileSync(fixturePath(name)));
}

export function summary(overrides: Partial<TicketSummary> = {}): TicketSummary {
  return {
    id: 'ticket-1',
    source: '手动输入',
    type: '数电专票',
    invoiceCode: '',
    number: '26332000000000000017',
    issueDate: '2026-11-20',
    sellerName: '杭州优税通科技有限公司',
    netFen: 100_000,
    taxFen: 6_000,
    grossFen: 106_000,
    redGrossFen: 0,
    verifyState: '查验通过',
    reimbursed: false,
    createdAt: '2026-11-21T02:00:00.000Z',
    ...overrides,
  };
}

export function detail(overrides: Partial<TicketDetail> = {}): TicketDetail {
  return {
    ...summary(),
    sellerTaxNumber: '91330100MA2H3L8X4Q',
    buyerName: '杭州出租车公司',
    buyerTaxNumber: '91330100MA27Y1XK0B',
    checkCodeLast6: '',
    redNetFen: 0,
    redTaxFen: 0,
    remarks: '',
    lines: [
      {
        lineNo: 1,
        itemName: '*信息技术服务*软件服务费',
        taxCode: '3040201000000000000',
        model: '',
        unit: '项',
        quantity: null,
        unitPrice: null,
        netFen: 100_000,
        ratePermille: 60,
        taxFree: null,
        taxFen: 6_000,
        grossFen: 106_000,
        discountOf: null,
      },
    ],
    verifiedAt: '2026-11-21T02:00:05.000Z',
    verifyMessage: null,
    verifyTaskId: 'task-9',
    reimbursedAt: null,
    reimbursedBy: null,
    invoiceId: null,
    ...overrides,
  };
}

/** A picture drawn at `size`, nearest pixel, as the import page's canvas draws a photo smaller (near enough for tests). */
export function drawnAt(png: PNG, size: { width: number; height: number }): Uint8ClampedArray {
  const out = new Uint8ClampedArray(size.width * size.height * 4);
  for (let y = 0; y < size.height; y++) {
    const from = Math.floor((y * png.height) / size.height);
    for (let x = 0; x < size.width; x++) {
      const source = (from * png.width + Math.floor((x * png.width) / size.width)) * 4;
      out.set(png.data.subarray(source, source + 4), (y * size.width + x) * 4);
    }
  }
  return out;
}
