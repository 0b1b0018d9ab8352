/** The mail settings (delivery/mail-config.ts): the outbox by default, SMTP only with a sender, bad values refused at start. */
import { describe, expect, test } from '@rstest/core';
import { configFromEnv } from '../src/config';
import { mailConfigFromEnv, OUTBOX_FROM_ADDRESS } from '../src/delivery/mail-config';

describe('mail settings', () => {
  test('without SMTP_URL mail goes to the outbox; with it, from MAIL_FROM_ADDRESS and MAIL_FROM_NAME', () => {
    expect(configFromEnv({}).mail).toEqual({ smtpUrl: null, fromName: '优税通', fromAddress: OUTBOX_FROM_ADDRESS });
    expect(
      mailConfigFromEnv({
        SMTP_URL: 'smtps://bot:secret@smtp.example.com:465',
        MAIL_FROM_ADDRESS: 'invoices@example.com',
        MAIL_FROM_NAME: '西湖发票',
      }),
    ).toEqual({ smtpUrl: 'smtps://bot:secret@smtp.example.com:465', fromName: '西湖发票', fromAddress: 'invoices@example.com' });
  });

  test('an SMTP_URL of another scheme, one without a sender, or a bad sender stops the server with the reason', () => {
    expect(() => mailConfigFromEnv({ SMTP_URL: 'https://smtp.example.com', MAIL_FROM_ADDRESS: 'a@example.com' })).toThrow('SMTP_URL 无效');
    expect(() => mailConfigFromEnv({ SMTP_URL: 'not a url' })).toThrow('SMTP_URL 无效');
    expect(() => mailConfigFromEnv({ SMTP_URL: 'smtp://smtp.example.com:587' })).toThrow('还需设置发件地址 MAIL_FROM_ADDRESS');
    expect(() => mailConfigFromEnv({ MAIL_FROM_ADDRESS: 'not-an-address' })).toThrow('MAIL_FROM_ADDRESS 无效');
    expect(() => mailConfigFromEnv({ MAIL_FROM_NAME: '优税通\r\nBcc: x@example.com' })).toThrow('MAIL_FROM_NAME 无效');
  });
});
