import { describe, expect, test } from '@rstest/core';
import fc from 'fast-check';
import { INVOICE_TYPES } from '../src/invoice-document';
import { invoiceQrPayload, parseInvoiceQr } from '../src/invoice-qr';

describe('the QR payload of a digital invoice', () => {
  test('has the printed fields in order, no code, no check code and a 4-hex checksum', () => {
    const payload = invoiceQrPayload({ type: '数电普票', number: '25332000000012345678', netFen: 123450, issueDate: '2025-03-15' });
    expect(payload).toMatch(/^01,32,,25332000000012345678,1234\.50,20250315,,[0-9A-F]{4}$/);
    expect(invoiceQrPayload({ type: '数电专票', number: '25332000000012345678', netFen: 5, issueDate: '2025-03-15' })).toMatch(
      /^01,31,,25332000000012345678,0\.05,20250315,,/,
    );
  });

  test('a red invoice carries its negative amount', () => {
    const payload = invoiceQrPayload({ type: '数电专票', number: '25332000000012345679', netFen: -100000, issueDate: '2025-12-31' });
    expect(payload.split(',')[4]).toBe('-1000.00');
    expect(parseInvoiceQr(payload)).toEqual({
      ok: true,
      invoice: { type: '31', code: '', number: '25332000000012345679', netFen: -100000, date: '2025-12-31', checkCodeTail: '' },
    });
  });

  test('the checksum changes with any field', () => {
    const base = { type: '数电普票', number: '25332000000012345678', netFen: 123450, issueDate: '2025-03-15' } as const;
    const crc = (payload: string) => payload.split(',')[7];
    expect(crc(invoiceQrPayload({ ...base, netFen: 123451 }))).not.toBe(crc(invoiceQrPayload(base)));
    expect(crc(invoiceQrPayload({ ...base, number: '25332000000012345679' }))).not.toBe(crc(invoiceQrPayload(base)));
  });

  test('refuses what cannot be printed', () => {
    const base = { type: '数电普票', number: '25332000000012345678', netFen: 100, issueDate: '2025-03-15' } as const;
    expect(() => invoiceQrPayload({ ...base, number: '2533' })).toThrow(RangeError);
    expect(() => invoiceQrPayload({ ...base, netFen: 1.5 })).toThrow(RangeError);
    expect(() => invoiceQrPayload({ ...base, issueDate: '20250315' })).toThrow(RangeError);
  });

  test('round-trips through parseInvoiceQr', () => {
    const day = fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        fc.constantFrom(...INVOICE_TYPES),
        fc.stringMatching(/^\d{20}$/),
        fc.integer({ min: -9_999_999_999_99, max: 9_999_999_999_99 }),
        day,
        (type, number, netFen, issueDate) => {
          const result = parseInvoiceQr(invoiceQrPayload({ type, number, netFen, issueDate }));
          expect(result).toEqual({
            ok: true,
            invoice: { type: type === '数电专票' ? '31' : '32', code: '', number, netFen, date: issueDate, checkCodeTail: '' },
          });
        },
      ),
    );
  });
});
