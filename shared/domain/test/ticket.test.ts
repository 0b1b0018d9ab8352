import { describe, expect, test } from '@rstest/core';
import fc from 'fast-check';
import { invoiceQrPayload, parseInvoiceQr } from '../src/invoice-qr';
import {
  TICKET_COUNTED_STATES,
  TICKET_TYPES,
  TICKET_VERIFY_STATES,
  ticketCountedAmounts,
  ticketCountsInTotals,
  ticketImportProblems,
  ticketNetAmounts,
  ticketTypeOfQrCode,
  type TicketVerifyState,
} from '../src/ticket';

const today = '2026-11-25';

describe('ticket import fields', () => {
  test('a fully digital invoice: 20 digits of a province, of the issue date’s year; no code, no check code', () => {
    expect(ticketImportProblems({ number: '26442000000000000123', issueDate: '2026-03-01', netFen: 100 }, today)).toEqual({});
    expect(ticketImportProblems({ number: '2644200000000000012', issueDate: '2026-03-01', netFen: 100 }, today)).toHaveProperty('number');
    expect(ticketImportProblems({ number: '26992000000000000123', issueDate: '2026-03-01', netFen: 100 }, today).number).toBe(
      '发票号码的地区代码不正确，请核对',
    );
    expect(ticketImportProblems({ number: '25442000000000000123', issueDate: '2026-03-01', netFen: 100 }, today).number).toBe(
      '发票号码的年份与开票日期不符，请核对',
    );
    // The pair is compared only when both are given: a missing date is the date's problem alone.
    expect(ticketImportProblems({ number: '25442000000000000123', issueDate: '', netFen: 100 }, today)).toEqual({
      issueDate: '开票日期不正确',
    });
    expect(
      ticketImportProblems({ type: '增值税普通发票', number: '26442000000000000123', issueDate: '2026-03-01', netFen: 100 }, today),
    ).toHaveProperty('invoiceCode');
    // A check code typed for it is refused, not stored as if the bureau had compared it.
    expect(
      ticketImportProblems({ number: '26442000000000000123', issueDate: '2026-03-01', netFen: 100, checkCodeLast6: 'A1B2C3' }, today),
    ).toEqual({ checkCodeLast6: '数电发票没有校验码，请留空' });
    expect(
      ticketImportProblems(
        { type: '数电普票', number: '26442000000000000123', issueDate: '2026-03-01', netFen: 100, checkCodeLast6: '123456' },
        today,
      ),
    ).toEqual({ checkCodeLast6: '数电发票没有校验码，请留空' });
    expect(
      ticketImportProblems({ number: '26442000000000000123', issueDate: '2026-03-01', netFen: 100, checkCodeLast6: '12' }, today)
        .checkCodeLast6,
    ).toBe('校验码后 6 位应为 6 位数字或字母');
  });
  test('an older invoice: a 10- or 12-digit code and 8 digits, the check code’s last six where the type needs them', () => {
    expect(
      ticketImportProblems(
        { invoiceCode: '044001900111', number: '12345678', issueDate: '2024-03-01', netFen: 100, checkCodeLast6: '12345a' },
        today,
      ),
    ).toEqual({});
    expect(
      ticketImportProblems({ invoiceCode: '044001900111', number: '12345678', issueDate: '2024-03-01', netFen: 100 }, today),
    ).toHaveProperty('checkCodeLast6');
    expect(
      ticketImportProblems(
        { type: '增值税专用发票', invoiceCode: '4400191130', number: '12345678', issueDate: '2024-03-01', netFen: 100 },
        today,
      ),
    ).toEqual({});
    expect(
      ticketImportProblems(
        { invoiceCode: '04400190011', number: '12345678', issueDate: '2024-03-01', netFen: 100, checkCodeLast6: '123456' },
        today,
      ),
    ).toHaveProperty('invoiceCode');
    expect(
      ticketImportProblems(
        {
          type: '数电普票',
          invoiceCode: '044001900111',
          number: '12345678',
          issueDate: '2024-03-01',
          netFen: 100,
          checkCodeLast6: '123456',
        },
        today,
      ),
    ).toHaveProperty('type');
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
      fc.property(
        fc.constantFrom('数电普票' as const, '数电专票' as const),
        fc.integer({ min: 1, max: 9_000_000_000 }),
        fc.integer({ min: 0, max: 300 }),
        fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }),
        (type, netFen, daysAgo, sequence) => {
          const issueDate = new Date(Date.parse(`${today}T00:00:00Z`) - daysAgo * 86_400_000).toISOString().slice(0, 10);
          const number = `${issueDate.slice(2, 4)}441${sequence.toString().padStart(15, '0')}`;
          const parsed = parseInvoiceQr(invoiceQrPayload({ type, number, netFen, issueDate }));
          if (!parsed.ok) throw new Error(parsed.reason);
          expect(ticketTypeOfQrCode(parsed.invoice.type)).toBe(type);
          expect(
            ticketImportProblems(
              {
                type: ticketTypeOfQrCode(parsed.invoice.type)!,
                number: parsed.invoice.number,
                issueDate: parsed.invoice.date,
                netFen: parsed.invoice.netFen,
              },
              today,
            ),
          ).toEqual({});
        },
      ),
    );
  });
  test('every type has its QR code, and unknown codes are none', () => {
    expect(
      TICKET_TYPES.map((type) =>
        ticketTypeOfQrCode(
          {
            数电专票: '31',
            数电普票: '32',
            增值税专用发票: '01',
            增值税电子专用发票: '08',
            增值税普通发票: '04',
            增值税电子普通发票: '10',
          }[type],
        ),
      ),
    ).toEqual([...TICKET_TYPES]);
    expect(ticketTypeOfQrCode('99')).toBeNull();
  });
});

describe('what counts into the folder’s totals', () => {
  const verified = { netFen: 100_000, taxFen: 6_000, grossFen: 106_000, redNetFen: 0, redTaxFen: 0, redGrossFen: 0 };
  const typed = { netFen: 5_000, taxFen: null, grossFen: null, redNetFen: 0, redTaxFen: 0, redGrossFen: 0 };

  test('only what the bureau confirmed: 查验通过 and 已红冲; never 查无此票 or 已作废, nor a ticket on its way or unanswered', () => {
    expect(TICKET_COUNTED_STATES).toEqual(['查验通过', '已红冲']);
    const counted = TICKET_VERIFY_STATES.filter(ticketCountsInTotals);
    expect(counted).toEqual(['查验通过', '已红冲']);
    for (const state of ['未查验', '查验中', '查验失败', '查无此票', '已作废'] as TicketVerifyState[]) {
      expect(ticketCountedAmounts({ ...verified, verifyState: state }), state).toEqual({ netFen: 0, taxFen: 0, grossFen: 0 });
      expect(ticketCountedAmounts({ ...typed, verifyState: state }), state).toEqual({ netFen: 0, taxFen: 0, grossFen: 0 });
    }
    expect(ticketCountedAmounts({ ...verified, verifyState: '查验通过' })).toEqual({ netFen: 100_000, taxFen: 6_000, grossFen: 106_000 });
  });

  test('red reversals are netted: in part it counts what is left, in whole (已红冲) nothing', () => {
    const partly = { ...verified, redNetFen: 10_000, redTaxFen: 600, redGrossFen: 10_600, verifyState: '查验通过' as const };
    expect(ticketCountedAmounts(partly)).toEqual({ netFen: 90_000, taxFen: 5_400, grossFen: 95_400 });
    const whole = { ...verified, redNetFen: 100_000, redTaxFen: 6_000, redGrossFen: 106_000, verifyState: '已红冲' as const };
    expect(ticketCountedAmounts(whole)).toEqual({ netFen: 0, taxFen: 0, grossFen: 0 });
  });

  test('before its tax is known a ticket’s net is its gross (what a state that counts would add)', () => {
    expect(ticketNetAmounts(typed)).toEqual({ netFen: 5_000, taxFen: 0, grossFen: 5_000 });
  });
});
