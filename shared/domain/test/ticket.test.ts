import { describe, expect, test } from '@rstest/core';
import fc from 'fast-check';
import { invoiceQrPayload, parseInvoiceQr } from '../src/invoice-qr';
import { TICKET_TYPES, ticketImportProblems, ticketTypeOfQrCode } from '../src/ticket';

const today = '2026-11-25';

describe('ticket import fields', () => {
  test('a fully digital invoice: 20 digits of a province, of the issue date’s year; no code, no check code', () => {
    expect(ticketImportProblems({ number: '26442000000000000123', issueDate: '2026-03-01', netFen: 100 }, today)).toEqual({});
    expect(ticketImportProblems({ number: '2644200000000000012', issueDate: '2026-03-01', netFen: 100 }, today)).toHaveProperty('number');
    expect(ticketImportProblems({ number: '26992000000000000123', issueDate: '2026-03-01', netFen: 100 }, today).number).toBe('发票号码的地区代码不正确，请核对');
    expect(ticketImportProblems({ number: '25442000000000000123', issueDate: '2026-03-01', netFen: 100 }, today).number).toBe('发票号码的年份与开票日期不符，请核对');
    expect(ticketImportProblems({ type: '增值税普通发票', number: '26442000000000000123', issueDate: '2026-03-01', netFen: 100 }, today)).toHaveProperty('invoiceCode');
    // A check code typed for it is refused, not stored as if the bureau had compared it.
    expect(ticketImportProblems({ number: '26442000000000000123', issueDate: '2026-03-01', netFen: 100, checkCodeLast6: 'A1B2C3' }, today)).toEqual({ checkCodeLast6: '数电发票没有校验码，请留空' });
    expect(ticketImportProblems({ type: '数电普票', number: '26442000000000000123', issueDate: '2026-03-01', netFen: 100, checkCodeLast6: '123456' }, today)).toEqual({ checkCodeLast6: '数电发票没有校验码，请留空' });
    expect(ticketImportProblems({ number: '26442000000000000123', issueDate: '2026-03-01', netFen: 100, checkCodeLast6: '12' }, today).checkCodeLast6).toBe('校验码后 6 位应为 6 位数字或字母');
  });
  test('an older invoice: a 10- or 12-digit code and 8 digits, the check code’s last six where the type needs them', () => {
    expect(ticketImportProblems({ invoiceCode: '044001900111', number: '12345678', issueDate: '2024-03-01', netFen: 100, checkCodeLast6: '12345a' }, today)).toEqual({});
    expect(ticketImportProblems({ invoiceCode: '044001900111', number: '12345678', issueDate: '2024-03-01', netFen: 100 }, today)).toHaveProperty('checkCodeLast6');
    expect(ticketImportProblems({ type: '增值税专用发票', invoiceCode: '4400191130', number: '12345678', issueDate: '2024-03-01', netFen: 100 }, today)).toEqual({});
    expect(ticketImportProblems({ invoiceCode: '04400190011', number: '12345678', issueDate: '2024-03-01', netFen: 100, checkCodeLast6: '123456' }, today)).toHaveProperty('invoiceCode');
    expect(ticketImportProblems({ type: '数电普票', invoiceCode: '044001900111', number: '12345678', issueDate: '2024-03-01', netFen: 100, checkCodeLast6: '123456' }, today)).toHaveProperty('type');
  });
  test('the date is a real day not after today; the amount whole fen above zero', () => {
    const base = { number: '26442000000000000123', netFen: 100 };
    expect(ticketImportProblems({ ...base, issueDate: '2026-11-26' }, today).issueDate).toBe('开票日期不能晚于今天');
    expect(ticketImportProblems({ ...base, issueDate: '2026-02-29' }, today).issueDate).toBe('开票日期不正确');
    expect(ticketImportProblems({ ...base, issueDate: '2026-03-01', netFen: 0 }, today).netFen).toBe('金额应大于 0');
    expect(ticketImportProblems({ ...base, issueDate: '2026-03-01', netFen: 1.5 }, today).netFen).toBe('金额应大于 0');
  });
  test('what a digital invoice’s QR code says is always an acceptable import (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom('数电普票' as const, '数电专票' as const), fc.integer({ min: 1, max: 9_000_000_000 }), fc.integer({ min: 0, max: 300 }), fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), (type, netFen, daysAgo, sequence) => {
        const issueDate = new Date(Date.parse(`${today}T00:00:00Z`) - daysAgo * 86_400_000).toISOString().slice(0, 10);
        const number = `${issueDate.slice(2, 4)}441${sequence.toString().padStart(15, '0')}`;
        const parsed = parseInvoiceQr(invoiceQrPayload({ type, number, netFen, issueDate }));
        if (!parsed.ok) throw new Error(parsed.reason);
        expect(ticketTypeOfQrCode(parsed.invoice.type)).toBe(type);
        expect(ticketImportProblems({ type: ticketTypeOfQrCode(parsed.invoice.type)!, number: parsed.invoice.number, issueDate: parsed.invoice.date, netFen: parsed.invoice.netFen }, today)).toEqual({});
      }),
    );
  });
  test('every type has its QR code, and unknown codes are none', () => {
    expect(TICKET_TYPES.map((type) => ticketTypeOfQrCode({ 数电专票: '31', 数电普票: '32', 增值税专用发票: '01', 增值税电子专用发票: '08', 增值税普通发票: '04', 增值税电子普通发票: '10' }[type]))).toEqual([...TICKET_TYPES]);
    expect(ticketTypeOfQrCode('99')).toBeNull();
  });
});
