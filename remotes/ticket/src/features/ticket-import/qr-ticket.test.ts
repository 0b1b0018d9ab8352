import { describe, expect, test } from '@rstest/core';
import { FIXTURE_QR } from '../../test-support/tickets';
import { qrTicketOf } from './qr-ticket';

const NOW = new Date('2026-11-25T04:00:00.000Z');

describe('qrTicketOf', () => {
  test('a digital invoice’s code is an import of its type, number, date and amount', () => {
    expect(qrTicketOf(FIXTURE_QR, '拍照', NOW)).toEqual({
      ok: true,
      body: { source: '拍照', type: '数电普票', number: '26332000000123456789', issueDate: '2026-11-20', netFen: 123_450 },
      problem: null,
    });
  });

  test('a digital invoice’s code with a check code field: imported without it (a digital invoice has none)', () => {
    expect(qrTicketOf('01,32,,26332000000123456789,1234.50,20261120,12345678901234567890,ABCD', '拍照', NOW)).toEqual({
      ok: true,
      body: { source: '拍照', type: '数电普票', number: '26332000000123456789', issueDate: '2026-11-20', netFen: 123_450 },
      problem: null,
    });
  });

  test('an older ordinary invoice carries its code and the check code’s last six', () => {
    const result = qrTicketOf('01,04,3300193130,12345678,88.00,20260105,12345678901234567890,ABCD', '扫码', NOW);
    expect(result).toMatchObject({
      ok: true,
      body: {
        source: '扫码',
        type: '增值税普通发票',
        invoiceCode: '3300193130',
        number: '12345678',
        netFen: 8_800,
        checkCodeLast6: '567890',
      },
      problem: null,
    });
  });

  test('what is not an invoice’s code, an unknown type or a red invoice is said', () => {
    expect(qrTicketOf('https://example.com', '扫码', NOW)).toEqual({ ok: false, reason: '无法识别发票二维码：不是发票二维码' });
    expect(qrTicketOf('01,99,,26332000000123456789,10.00,20261120,,0000', '扫码', NOW)).toEqual({
      ok: false,
      reason: '暂不支持导入此类发票',
    });
    expect(qrTicketOf('01,32,,26332000000123456789,-10.00,20261120,,0000', '扫码', NOW)).toEqual({
      ok: false,
      reason: '红字发票无需导入票夹',
    });
  });

  test('the domain’s rules: an issue date after today cannot be added', () => {
    const result = qrTicketOf(FIXTURE_QR, '拍照', new Date('2026-11-10T04:00:00.000Z'));
    expect(result).toMatchObject({ ok: true, problem: '开票日期不能晚于今天' });
  });
});
