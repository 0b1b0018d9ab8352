/**
 * A local stand-in for WeChat Pay API v3 (the server reaches it through WECHAT_PAY_API_BASE): JSAPI 下单
 * (`POST /v3/pay/transactions/jsapi`) checks the merchant's WECHATPAY2-SHA256-RSA2048 signature, remembers the order
 * and answers a prepay_id signed with the platform key. For each order it took, it builds what WeChat Pay then posts
 * to the order's notify_url: a TRANSACTION.SUCCESS notification in the documented format (payment-fixtures.ts), signed
 * afresh each time it is sent, as WeChat Pay signs each retry.
 */
import { createVerify, randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WECHAT_PAY_AUTH_SCHEMA, WECHAT_PAY_JSAPI_PATH } from '../../src/payments/wechat-pay';
import { WECHAT, wechatNotificationBody, wechatSignedHeaders, wechatTransaction } from '../fixtures/payments/payment-fixtures';

/** An order WeChat Pay took (the JSAPI 下单 body), and the transaction id it pays under. */
export interface FakeWechatOrder {
  orderNo: string;
  /** The order's `description`, as WeChat Pay read it from the JSON body. */
  description: string;
  amountFen: number;
  openid: string;
  notifyUrl: string;
  transactionId: string;
}

export interface FakeWechatPay {
  /** e.g. http://127.0.0.1:40123 (WECHAT_PAY_API_BASE). */
  url: string;
  /** The orders taken, by out_trade_no. */
  orders: Map<string, FakeWechatOrder>;
  /** 下单 requests refused (bad signature, another merchant): should stay 0. */
  refused: number;
  /** Every 下单 request's body, byte for byte as it arrived, and whether the merchant's signature verified over it. */
  requests: { body: string; signed: boolean }[];
  /** The paid notification of an order, signed now: the body and headers WeChat Pay would post to its notify_url. */
  notification(orderNo: string): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

export async function startFakeWechatPay(options: {
  merchantPublicKey: string;
  platformPrivateKey: string;
  appId?: string;
  mchId?: string;
}): Promise<FakeWechatPay> {
  const appId = options.appId ?? WECHAT.appId;
  const mchId = options.mchId ?? WECHAT.mchId;
  const orders = new Map<string, FakeWechatOrder>();
  let sequence = 0;
  const requests: FakeWechatPay['requests'] = [];
  const fake = { orders, refused: 0, requests };

  const answer = (response: ServerResponse, status: number, body: string) => {
    const headers = wechatSignedHeaders(body, {
      platformKey: options.platformPrivateKey,
      timestamp: Math.floor(Date.now() / 1000),
      nonce: randomBytes(16).toString('hex'),
    });
    response.writeHead(status, { ...headers, 'content-type': 'application/json', 'request-id': randomBytes(8).toString('hex') }).end(body);
  };

  /** The Authorization header's signature over `POST\npath\ntimestamp\nnonce\nbody\n`, by the merchant's key. */
  const signedByMerchant = (authorization: string, body: string): boolean => {
    if (!authorization.startsWith(`${WECHAT_PAY_AUTH_SCHEMA} `)) return false;
    const fields = Object.fromEntries([...authorization.matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1], match[2]]));
    if (fields.mchid !== mchId || !fields.timestamp || !fields.nonce_str || !fields.signature) return false;
    const message = `POST\n${WECHAT_PAY_JSAPI_PATH}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(options.merchantPublicKey, fields.signature, 'base64');
  };

  const server = createServer((request, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString('utf8');
      if (request.method !== 'POST' || request.url !== WECHAT_PAY_JSAPI_PATH)
        return answer(response, 404, JSON.stringify({ code: 'NOT_FOUND', message: '无此接口' }));
      const signed = signedByMerchant(String(request.headers.authorization ?? ''), body);
      requests.push({ body, signed });
      if (!signed) {
        fake.refused++;
        return answer(response, 401, JSON.stringify({ code: 'SIGN_ERROR', message: '签名错误' }));
      }
      const order = JSON.parse(body) as {
        appid: string;
        mchid: string;
        description: string;
        out_trade_no: string;
        notify_url: string;
        amount: { total: number };
        payer: { openid: string };
      };
      if (order.appid !== appId || order.mchid !== mchId) {
        fake.refused++;
        return answer(response, 400, JSON.stringify({ code: 'PARAM_ERROR', message: 'appid和mch_id不匹配' }));
      }
      sequence++;
      orders.set(order.out_trade_no, {
        orderNo: order.out_trade_no,
        description: order.description,
        amountFen: order.amount.total,
        openid: order.payer.openid,
        notifyUrl: order.notify_url,
        transactionId: `4200002219${String(Date.now()).slice(-8)}${String(sequence).padStart(10, '0')}`,
      });
      return answer(response, 200, JSON.stringify({ prepay_id: `wx${Date.now()}${String(sequence).padStart(8, '0')}` }));
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    notification(orderNo: string) {
      const order = orders.get(orderNo);
      if (!order) throw new Error(`WeChat Pay took no order ${orderNo}`);
      const body = wechatNotificationBody(
        wechatTransaction({
          out_trade_no: order.orderNo,
          transaction_id: order.transactionId,
          payer: { openid: order.openid },
          amount: { total: order.amountFen, payer_total: order.amountFen, currency: 'CNY', payer_currency: 'CNY' },
        }),
      );
      const headers = wechatSignedHeaders(body, {
        platformKey: options.platformPrivateKey,
        timestamp: Math.floor(Date.now() / 1000),
        nonce: randomBytes(16).toString('hex'),
      });
      return { body, headers };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
