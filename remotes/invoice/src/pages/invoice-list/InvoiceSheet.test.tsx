import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InvoiceDelivery } from '@app/contract/invoice';
import { advance, fail, ok, renderPage, sequence, type Route } from '@app/host-sdk/testing';
import { useListPageEnvironment } from '@app/ui/test-support/list-layout';
import { blueInvoice } from '../../test-support/invoice-documents';
import InvoiceListPage from './InvoiceListPage';

const BLUE = blueInvoice({ deliverPhone: '', deliverEmail: 'finance@example.com' });
const PDF = { url: '/api/invoice-pdf/abc?expires=1&signature=xyz', fileName: 'x.pdf' };
const LIMIT_MESSAGE = '同一张发票 1 小时内最多重新发送 5 次，请稍后再试';

const STATE_NAMES = { pending: '待发送', sent: '已发送', failed: '发送失败' } as const;

function delivery(overrides: Partial<InvoiceDelivery> = {}): InvoiceDelivery {
  const state = overrides.state ?? 'sent';
  return {
    id: 1,
    channel: 'email',
    channelName: '邮箱',
    address: 'finance@example.com',
    state,
    stateName: STATE_NAMES[state],
    failReason: null,
    attempts: 1,
    resent: false,
    createdAt: '2025-03-15T02:30:00.000Z',
    sentAt: state === 'sent' ? '2025-03-15T02:30:05.000Z' : null,
    failedAt: null,
    ...overrides,
  };
}

const sms = (overrides: Partial<InvoiceDelivery>) =>
  delivery({ channel: 'sms', channelName: '短信', address: '13800138000', ...overrides });

/** The invoice list with BLUE's sheet open, the API answering `calls` besides the list, the invoice and its PDF. */
const openSheet = async (calls: Record<string, Route>) => {
  const page = renderPage(<InvoiceListPage />, {
    url: `/invoice/list?id=${BLUE.id}`,
    calls: { 'invoice/list': ok({ total: 0, list: [] }), 'invoice/get': ok(BLUE), 'invoice/pdfLink': ok(PDF), ...calls },
  });
  const sheet = await screen.findByRole('dialog', { name: '发票详情' });
  // The section comes with the invoice, once it is loaded and issued.
  await within(sheet).findByRole('region', { name: '发送记录' });
  return { ...page, sheet, records: () => within(sheet).getByRole('region', { name: '发送记录' }) };
};

/** A delivery as the list shows it: channel, address and state. */
const item = (scope: HTMLElement, channel: string, address: string, state: string) =>
  within(scope).findByRole('listitem', { name: `${channel} ${address} ${state}` });

useListPageEnvironment();
afterEach(() => {
  rs.useRealTimers();
  cleanup();
});

describe('the invoice sheet’s 发送记录', () => {
  test('each delivery: 邮箱 or 短信, the address, its state, why it failed or is retried, and when, in China time', async () => {
    const { api, records } = await openSheet({
      'invoice/deliveries': ok({
        list: [
          delivery({
            id: 3,
            address: 'boss@example.com',
            resent: true,
            createdAt: '2025-03-16T01:00:00.000Z',
            sentAt: '2025-03-16T01:00:03.000Z',
          }),
          sms({
            id: 2,
            state: 'failed',
            failReason: '短信服务商拒绝：号码已停机',
            failedAt: '2025-03-15T02:31:00.000Z',
          }),
          delivery({ id: 1, state: 'pending', attempts: 2, failReason: '邮件服务器暂时不可用：421 Try again later' }),
        ],
      }),
    });
    const sent = await item(records(), '邮箱', 'boss@example.com', '已发送');
    expect(within(sent).getByText('2025-03-16 09:00')).toBeTruthy();
    expect(within(sent).getByText(/发送于/)).toBeTruthy();

    const failed = await item(records(), '短信', '13800138000', '发送失败');
    expect(within(failed).getByText('短信服务商拒绝：号码已停机')).toBeTruthy();
    expect(within(failed).getByText('2025-03-15 10:31')).toBeTruthy();
    expect(within(failed).getByText(/失败于/)).toBeTruthy();

    const retried = await item(records(), '邮箱', 'finance@example.com', '待发送');
    expect(within(retried).getByText('第 2 次发送未成功，正在重试：邮件服务器暂时不可用：421 Try again later')).toBeTruthy();
    expect(within(retried).getByText('2025-03-15 10:30')).toBeTruthy();
    // Newest first, as the server answers them; the tags' colours differ by state.
    expect(
      within(records())
        .getAllByRole('listitem')
        .map((row) => row.getAttribute('aria-label')),
    ).toEqual(['邮箱 boss@example.com 已发送', '短信 13800138000 发送失败', '邮箱 finance@example.com 待发送']);
    const tagStyle = (row: HTMLElement, name: string) => within(row).getByText(name).getAttribute('style');
    expect(new Set([tagStyle(sent, '已发送'), tagStyle(failed, '发送失败'), tagStyle(retried, '待发送')]).size).toBe(3);
    expect(api.bodiesOf('invoice/deliveries')[0]).toEqual({ id: BLUE.id });
  });

  test('loading, then a failure with 重试; none sent yet says how to send it; a refusal says 无权查看', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined;
    const { api, records } = await openSheet({
      'invoice/deliveries': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    expect(await within(records()).findByRole('status', { name: '发送记录加载中' })).toBeTruthy();
    await act(async () => answer(fail(5000, '服务器开小差了')));
    expect(await within(records()).findByText('发送记录加载失败')).toBeTruthy();
    expect(within(records()).getByText('服务器开小差了')).toBeTruthy();

    api.route('invoice/deliveries', ok({ list: [] }));
    fireEvent.click(within(records()).getByRole('button', { name: '重试' }));
    expect(await within(records()).findByText('开票时未填写接收手机号或邮箱，可点击「重新发送」将发票发送给购买方')).toBeTruthy();
    cleanup();

    const refused = await openSheet({ 'invoice/deliveries': fail(1003, '您无权查看该企业的发票') });
    expect(await within(refused.records()).findByText('无权查看')).toBeTruthy();
    expect(within(refused.records()).getByText('您无权查看该企业的发票')).toBeTruthy();
    expect(within(refused.records()).queryByRole('button', { name: '重试' })).toBeNull();
    // The invoice itself is still shown, with its actions.
    expect(within(refused.sheet).getByRole('button', { name: '重新发送' })).toBeTruthy();
  });

  test('while one is 待发送 it is read again every 2 s, quietly through a failed read, and no more once none is', async () => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const pending = ok({ list: [delivery({ state: 'pending' })] });
    const { api, records } = await openSheet({
      'invoice/deliveries': sequence(pending, pending, fail(5000, '服务器开小差了'), ok({ list: [delivery()] })),
    });
    await item(records(), '邮箱', 'finance@example.com', '待发送');
    const reads = () => api.bodiesOf('invoice/deliveries').length;
    expect(reads()).toBe(1);
    await advance(2000);
    expect(reads()).toBe(2);
    await advance(2000);
    expect(reads()).toBe(3);
    // The failed read changed nothing on screen and said nothing; the next one is made all the same.
    expect(screen.queryByText('服务器开小差了')).toBeNull();
    await advance(2000);
    expect(reads()).toBe(4);
    expect(await item(records(), '邮箱', 'finance@example.com', '已发送')).toBeTruthy();
    await advance(10_000);
    expect(reads()).toBe(4);
  });

  test('closing the sheet stops the reads', async () => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const { api, sheet, records } = await openSheet({ 'invoice/deliveries': ok({ list: [delivery({ state: 'pending' })] }) });
    await item(records(), '邮箱', 'finance@example.com', '待发送');
    await advance(2000);
    expect(api.bodiesOf('invoice/deliveries')).toHaveLength(2);
    fireEvent.click(within(sheet).getByRole('button', { name: '关闭' }));
    await advance(10_000);
    expect(api.bodiesOf('invoice/deliveries')).toHaveLength(2);
  });

  test('重新发送 to another address: the new delivery shows at once as 待发送, then 已发送', async () => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const resent = delivery({ id: 2, address: 'boss@example.com', state: 'pending', resent: true, createdAt: '2025-03-16T01:00:00.000Z' });
    const { api, sheet, records } = await openSheet({
      'invoice/deliveries': ok({ list: [delivery()] }),
      'invoice/resend': ok({ sentTo: 'boss@example.com', deliveries: [resent] }),
    });
    await item(records(), '邮箱', 'finance@example.com', '已发送');
    await advance(10_000);
    // Nothing waiting: no reads after the first.
    expect(api.bodiesOf('invoice/deliveries')).toHaveLength(1);

    fireEvent.click(within(sheet).getByRole('button', { name: '重新发送' }));
    const email = (await screen.findByPlaceholderText('接收发票的邮箱')) as HTMLInputElement;
    expect(email.value).toBe('finance@example.com');
    fireEvent.change(email, { target: { value: 'boss@example.com' } });
    api.route(
      'invoice/deliveries',
      ok({ list: [{ ...resent, state: 'sent', stateName: '已发送', sentAt: '2025-03-16T01:00:04.000Z' }, delivery()] }),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '发送' }));
    });
    await waitFor(() => expect(api.bodiesOf('invoice/resend')).toEqual([{ id: BLUE.id, email: 'boss@example.com' }]));
    expect(await screen.findByText('正在发送至 boss@example.com')).toBeTruthy();
    const waiting = await item(records(), '邮箱', 'boss@example.com', '待发送');
    expect(within(waiting).getByText(/重新发送于/)).toBeTruthy();
    expect(api.bodiesOf('invoice/deliveries')).toHaveLength(1);
    await advance(2000);
    expect(await item(records(), '邮箱', 'boss@example.com', '已发送')).toBeTruthy();
    expect(within(records()).getAllByRole('listitem')).toHaveLength(2);
  });

  test('sent too often (4029): the server’s words above 发送, the form stays open and nothing is added', async () => {
    const { api, sheet, records } = await openSheet({
      'invoice/deliveries': ok({ list: [delivery()] }),
      'invoice/resend': fail(4029, LIMIT_MESSAGE),
    });
    await item(records(), '邮箱', 'finance@example.com', '已发送');
    fireEvent.click(within(sheet).getByRole('button', { name: '重新发送' }));
    await screen.findByPlaceholderText('接收发票的邮箱');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '发送' }));
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(LIMIT_MESSAGE);
    // Said once, in the form: the error catalogue's toast stays quiet.
    expect(screen.getAllByText(LIMIT_MESSAGE)).toHaveLength(1);
    expect(screen.getByRole('button', { name: '发送' })).toBeTruthy();
    expect(api.bodiesOf('invoice/resend')).toEqual([{ id: BLUE.id, email: 'finance@example.com' }]);
    expect(within(records()).getAllByRole('listitem')).toHaveLength(1);
  });

  test('an invoice not issued yet has no 发送记录 and reads none', async () => {
    const { api, sheet } = await (async () => {
      const page = renderPage(<InvoiceListPage />, {
        url: `/invoice/list?id=${BLUE.id}`,
        calls: {
          'invoice/list': ok({ total: 0, list: [] }),
          'invoice/get': ok(blueInvoice({ status: '开具中', number: null, issuedAt: null })),
        },
      });
      return { ...page, sheet: await screen.findByRole('dialog', { name: '发票详情' }) };
    })();
    expect(await within(sheet).findByText('正在向电子税务局开具，完成后生成发票号码')).toBeTruthy();
    expect(within(sheet).queryByRole('region', { name: '发送记录' })).toBeNull();
    expect(api.bodiesOf('invoice/deliveries')).toEqual([]);
  });
});
