/** The demo provider, and the fen ↔ yuan text that every provider's amounts go through. */
import { describe, expect, test } from '@rstest/core';
import fc from 'fast-check';
import { DemoPayGateway } from '../src/payments/demo-pay';
import { PaymentNotificationError, PaymentRequestError, type CreatePaymentRequest } from '../src/payments/payment-gateway';
import { fenToYuanText, MAX_PAYMENT_FEN, yuanTextToFen } from '../src/payments/payment-money';

const NOW = new Date('2026-11-23T02:35:00Z');

const PAYMENT: CreatePaymentRequest = {
  orderNo: 'YST202611230001',
  amountFen: 8800,
  description: '优税通 年度服务',
  notifyUrl: 'https://app.example/api/payments/notify/demo',
  returnUrl: 'https://app.example/payment/result',
  channel: 'demo',
};

describe('demo payment', () => {
  test('pays at once, and hands the ledger the payment as a notification would', async () => {
    const start = await new DemoPayGateway({ now: () => NOW }).createPayment(PAYMENT);
    expect(start).toEqual({
      kind: 'demo',
      payment: {
        channel: 'demo',
        notificationKey: 'demo:DEMO-YST202611230001',
        orderNo: 'YST202611230001',
        providerTradeNo: 'DEMO-YST202611230001',
        amountFen: 8800,
        paidAt: NOW,
        state: 'paid',
        providerState: 'DEMO_PAID',
      },
    });
  });

  test('refuses what no payment may be, and other channels', async () => {
    const demo = new DemoPayGateway();
    for (const change of [
      { amountFen: 1.5 },
      { amountFen: 0 },
      { amountFen: MAX_PAYMENT_FEN + 1 },
      { channel: 'wechat' as const },
      { description: '  ' },
    ]) {
      await expect(demo.createPayment({ ...PAYMENT, ...change })).rejects.toBeInstanceOf(PaymentRequestError);
    }
  });

  test('believes no notification: a demo notify address would mark orders paid for anyone', async () => {
    const error = await new DemoPayGateway().verifyNotification().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentNotificationError);
  });
});

describe('fen ↔ yuan text', () => {
  test.each([
    [0, '0.00'],
    [1, '0.01'],
    [5, '0.05'],
    [10, '0.10'],
    [8800, '88.00'],
    [8850, '88.50'],
    [123456789, '1234567.89'],
    [MAX_PAYMENT_FEN, '90000000000.00'],
  ])('%d fen is %s', (fen, text) => {
    expect(fenToYuanText(fen)).toBe(text);
    expect(yuanTextToFen(text)).toBe(fen);
  });

  test('short decimals read as yuan', () => {
    expect(yuanTextToFen('88')).toBe(8800);
    expect(yuanTextToFen('88.5')).toBe(8850);
    expect(yuanTextToFen('0.1')).toBe(10);
    // 0.1 + 0.2 never happens: no float is involved.
    expect(yuanTextToFen('0.29')).toBe(29);
    expect(yuanTextToFen('1.15')).toBe(115);
  });

  test.each([0.5, 1.1, -1, -0.01, MAX_PAYMENT_FEN + 1, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 2])(
    'fenToYuanText refuses %d',
    (fen) => {
      expect(() => fenToYuanText(fen)).toThrow(RangeError);
    },
  );

  test.each([
    '88.001',
    '1.000',
    '0.001',
    '-1.00',
    '+1.00',
    ' 1.00',
    '1.00 ',
    '1,000.00',
    '1e3',
    '01.00',
    '',
    '.5',
    '5.',
    '0x10',
    '１.00',
    '90000000000.01',
    '999999999999.00',
    'NaN',
    'Infinity',
  ])('yuanTextToFen refuses %j', (text) => {
    expect(() => yuanTextToFen(text)).toThrow(RangeError);
  });

  test('every whole fen up to the limit goes there and back unchanged', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PAYMENT_FEN }), (fen) => yuanTextToFen(fenToYuanText(fen)) === fen),
      { numRuns: 2000, seed: 20261123 },
    );
  });
});
