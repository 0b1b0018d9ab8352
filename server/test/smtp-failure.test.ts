/** What a mail server answers (or fails to), sorted into try again later, never, and unknown (delivery/smtp-transport.ts). */
import { describe, expect, test } from '@rstest/core';
import { smtpFailure } from '../src/delivery/smtp-transport';

describe('what a mail server answers, sorted into try again, never, and unknown', () => {
  test('4xx and failures to connect are temporary; 5xx, a bad login or no recipient permanent; a broken session unknown', () => {
    const sorted = (error: unknown) => {
      const failure = smtpFailure(error);
      return failure && [failure.permanent, failure.reason];
    };
    expect(sorted({ code: 'EENVELOPE', responseCode: 452, response: '452 4.2.2 Mailbox full', permanent: false })).toEqual([
      false,
      '邮件服务器暂时拒收：452 4.2.2 Mailbox full',
    ]);
    expect(sorted({ code: 'EMESSAGE', responseCode: 554, response: '554 5.7.1 Spam' })).toEqual([true, '邮件服务器拒收：554 5.7.1 Spam']);
    expect(sorted({ code: 'EMESSAGE', responseCode: 503, response: '503 Bad sequence' })?.[0]).toBe(false);
    expect(sorted({ code: 'EAUTH', responseCode: 535, response: '535 5.7.8 Authentication failed' })?.[0]).toBe(true);
    expect(sorted({ code: 'EENVELOPE' })).toEqual([true, '收件地址无效']);
    expect(sorted({ code: 'ESOCKET', originalCode: 'ECONNREFUSED' })).toEqual([false, '无法连接邮件服务器（ECONNREFUSED）']);
    expect(sorted({ code: 'EDNS' })).toEqual([false, '无法连接邮件服务器（EDNS）']);
    expect(sorted({ code: 'ETIMEDOUT', timeoutType: 'GREETING_TIMEOUT' })).toEqual([false, '邮件服务器无响应']);
    // Once the session began, silence or a broken connection may come after the server took the message.
    expect(sorted({ code: 'ETIMEDOUT', timeoutType: 'SOCKET_TIMEOUT' })).toBeNull();
    expect(sorted({ code: 'ECONNECTION' })).toBeNull();
    expect(sorted({ code: 'EABORT' })).toBeNull();
    expect(sorted({ code: 'ESOCKET', originalCode: 'ECONNRESET' })).toBeNull();
    expect(sorted(new Error('boom'))).toBeNull();
  });
});
