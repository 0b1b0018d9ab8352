import { describe, expect, test } from '@rstest/core';
import fc from 'fast-check';
import { invoiceNumberProblem, parseInvoiceNumber } from '../src/invoice-number';
import { parseInvoiceQr } from '../src/invoice-qr';

describe('digital invoice number', () => {
  test('20 digits with a real region code', () => {
    expect(invoiceNumberProblem('25332000000012345678')).toBeNull();
    expect(parseInvoiceNumber('25332000000012345678')).toEqual({ year: 2025, region: '33', channel: '2', sequence: '000000012345678' });
  });

  test('names what is wrong', () => {
    expect(invoiceNumberProblem('2533200000001234567')).toBe('shape');
    expect(invoiceNumberProblem('2533200000001234567a')).toBe('shape');
    expect(invoiceNumberProblem('25992000000012345678')).toBe('region');
    expect(parseInvoiceNumber('25992000000012345678')).toBeNull();
  });
});

describe('invoice QR payload', () => {
  test('a digital invoice (no code, 20-digit number)', () => {
    expect(parseInvoiceQr('01,32,,25332000000012345678,1234.50,20250315,,A1B2')).toEqual({
      ok: true,
      invoice: { type: '32', code: '', number: '25332000000012345678', netFen: 123450, date: '2025-03-15', checkCodeTail: '' },
    });
  });

  test('an older electronic invoice (code, 8-digit number, check code)', () => {
    const result = parseInvoiceQr('01,10,033002000611,12345678,88.00,20231130,12345678901234567890,C3D4');
    expect(result).toEqual({
      ok: true,
      invoice: { type: '10', code: '033002000611', number: '12345678', netFen: 8800, date: '2023-11-30', checkCodeTail: '567890' },
    });
  });

  test.each([
    ['https://example.com', '不是发票二维码'],
    ['02,32,,25332000000012345678,1.00,20250315,,x', '不是发票二维码'],
    ['01,3,,25332000000012345678,1.00,20250315,,x', '发票类型无法识别'],
    ['01,32,,2533,1.00,20250315,,x', '发票号码格式不正确'],
    ['01,32,,25332000000012345678,abc,20250315,,x', '金额格式不正确'],
    ['01,32,,25332000000012345678,1.00,20250231,,x', '开票日期格式不正确'],
  ])('refuses %s: %s', (text, reason) => {
    expect(parseInvoiceQr(text)).toEqual({ ok: false, reason });
  });

  test('never throws, whatever was scanned', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const result = parseInvoiceQr(text);
        expect(typeof result.ok).toBe('boolean');
      }),
    );
  });
});
