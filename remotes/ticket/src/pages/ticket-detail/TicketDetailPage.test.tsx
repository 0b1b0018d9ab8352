import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { pageMeta } from '@app/host-sdk/route-meta';
import { advance, fail, httpAnswer, noAnswer, ok, progress, renderPage, sequence, settle, type Route } from '@app/host-sdk/testing';
import { detail } from '../../test-support/tickets';
import TicketDetailPage from './TicketDetailPage';

afterEach(() => {
  rs.useRealTimers();
  cleanup();
  // A dialog still closing belongs to no page: its animation's fake frames went with the fake timers.
  document.body.innerHTML = '';
});

const open = (calls: Record<string, Route>, history: string[] = ['/ticket/index']) =>
  renderPage(<TicketDetailPage />, { url: '/ticket/detail?id=ticket-1', history, meta: pageMeta('TicketDetail', '票据详情'), calls });

const dialog = () => document.querySelector('.adm-dialog') as HTMLElement;
const dialogButton = (name: string) => within(dialog()).getByRole('button', { name });
const closed = () => waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());

describe('TicketDetailPage', () => {
  test('every field, the parties and lines, the 查验 answer and 报销 state', async () => {
    open({ 'ticket/get': ok(detail()) });
    expect(await screen.findByText('¥1,060.00', { selector: '.ticket-detail__amount' })).toBeTruthy();
    const facts = screen.getByRole('region', { name: '发票信息' });
    expect(within(facts).getByText('26332000000000000017')).toBeTruthy();
    expect(within(facts).getByText('2026-11-20')).toBeTruthy();
    expect(within(facts).getByText('¥60.00')).toBeTruthy();
    const verification = screen.getByRole('region', { name: '查验' });
    expect(within(verification).getByText('税务局查验通过，发票真实有效')).toBeTruthy();
    expect(within(verification).getByText('2026-11-21 10:00')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '交易方' })).getByText('杭州出租车公司')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '商品明细' })).getByText('*信息技术服务*软件服务费')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '查看PDF' })).toBeNull();
  });

  test('重新查验 starts a task, follows it every 2 s and shows the answer once it ends', async () => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const unverified = detail({
      verifyState: '查验失败',
      verifyMessage: '税务局暂未响应',
      verifiedAt: null,
      sellerName: '',
      taxFen: null,
      grossFen: null,
      lines: [],
    });
    const { api } = open({
      'ticket/get': sequence(
        ok(unverified),
        ok(detail({ verifyState: '查无此票', verifyMessage: '查无此票：金额（不含税）与税局记录不一致', verifyTaskId: 'task-10' })),
      ),
      'ticket/verify': ok({ taskId: 'task-10' }),
      'task/getTaskProcess': sequence(progress(10), progress(1)),
    });
    await advance(0);
    expect(await screen.findByText('税务局暂未响应')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新查验' }));
    await advance(0);
    expect(api.bodiesOf('ticket/verify')).toEqual([{ id: 'ticket-1' }]);
    expect(await screen.findByText('正在向税务局查验，请稍候')).toBeTruthy();
    await advance(2000);
    await advance(0);
    expect(await screen.findByText('查无此票：金额（不含税）与税局记录不一致')).toBeTruthy();
    expect(api.bodiesOf('task/getTaskProcess')).toEqual([{ id: 'task-10' }, { id: 'task-10' }]);
    expect(screen.getByRole('button', { name: '重新查验' })).toBeTruthy();
  });

  test('a ticket still 查验中 when opened is followed too; a running task (2001) is followed instead of a new one', async () => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = open({
      'ticket/get': sequence(ok(detail({ verifyState: '查验中', verifyTaskId: 'task-7' })), ok(detail())),
      'task/getTaskProcess': progress(1),
    });
    await advance(0);
    await advance(0);
    expect(await screen.findByText('税务局查验通过，发票真实有效')).toBeTruthy();
    expect(api.bodiesOf('task/getTaskProcess')).toEqual([{ id: 'task-7' }]);
    rs.useRealTimers();
    api.route('ticket/verify', fail(2001, '该发票正在查验中', { taskId: 'task-8' }));
    api.route('task/getTaskProcess', () => new Promise(() => undefined));
    fireEvent.click(screen.getByRole('button', { name: '重新查验' }));
    expect(await screen.findByText('正在向税务局查验，请稍候')).toBeTruthy();
    await waitFor(() => expect(api.bodiesOf('task/getTaskProcess')).toContainEqual({ id: 'task-8' }));
  });

  test('报销 asks first, then marks it; 取消报销 takes it back', async () => {
    const { api } = open({
      'ticket/get': ok(detail()),
      'ticket/markReimbursed': (body) =>
        ok(detail(body.reimbursed ? { reimbursed: true, reimbursedBy: '企业管理员', reimbursedAt: '2026-11-25T06:30:00.000Z' } : {})),
    });
    fireEvent.click(await screen.findByRole('button', { name: '报销' }));
    expect(await screen.findByText('确定将这张发票标记为已报销吗？')).toBeTruthy();
    fireEvent.click(dialogButton('再想想'));
    await closed();
    expect(api.bodiesOf('ticket/markReimbursed')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: '报销' }));
    await screen.findByText('确定将这张发票标记为已报销吗？');
    fireEvent.click(dialogButton('确定报销'));
    expect(await screen.findByText('已标记为已报销')).toBeTruthy();
    const reimbursement = screen.getByRole('region', { name: '报销' });
    expect(within(reimbursement).getByText('企业管理员')).toBeTruthy();
    expect(within(reimbursement).getByText('2026-11-25 14:30')).toBeTruthy();
    expect(api.bodiesOf('ticket/markReimbursed')).toEqual([{ id: 'ticket-1', reimbursed: true }]);
    await closed();
    fireEvent.click(screen.getByRole('button', { name: '取消报销' }));
    await screen.findByText('确定取消这张发票的报销标记吗？');
    fireEvent.click(dialogButton('取消报销'));
    await waitFor(() =>
      expect(api.bodiesOf('ticket/markReimbursed')).toEqual([
        { id: 'ticket-1', reimbursed: true },
        { id: 'ticket-1', reimbursed: false },
      ]),
    );
    expect(await screen.findByText('已取消报销')).toBeTruthy();
    await closed();
  });

  test('删除 asks first, removes it and goes back to the folder', async () => {
    const { api, url } = open({ 'ticket/get': ok(detail()), 'ticket/delete': ok({ id: 'ticket-1' }) });
    fireEvent.click(await screen.findByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定从票夹中删除发票 26332000000000000017 吗？删除后可重新导入。')).toBeTruthy();
    fireEvent.click(dialogButton('删除'));
    await waitFor(() => expect(url()).toBe('/ticket/index'));
    expect(api.bodiesOf('ticket/delete')).toEqual([{ id: 'ticket-1' }]);
  });

  test('查看PDF for an invoice issued here opens its signed link', async () => {
    const assign = rs.fn();
    const location = window.location;
    Object.defineProperty(window, 'location', { value: { ...location, assign }, configurable: true });
    try {
      const { api } = open({
        'ticket/get': ok(detail({ invoiceId: 'inv-1' })),
        'ticket/pdfLink': ok({ url: '/files/invoices/inv-1.pdf?sig=x', fileName: '发票.pdf' }),
      });
      fireEvent.click(await screen.findByRole('button', { name: '查看PDF' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/files/invoices/inv-1.pdf?sig=x'));
      expect(api.bodiesOf('ticket/pdfLink')).toEqual([{ id: 'ticket-1' }]);
    } finally {
      Object.defineProperty(window, 'location', { value: location, configurable: true });
    }
  });

  test('opened without an id: not found, and nothing is asked', async () => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = renderPage(<TicketDetailPage />, {
      url: '/ticket/detail',
      meta: pageMeta('TicketDetail', '票据详情'),
      calls: { 'ticket/get': ok(detail()) },
    });
    expect(await screen.findByRole('region', { name: '发票不存在' })).toBeTruthy();
    await settle();
    expect(api.calls).toEqual([]);
  });

  test('an unknown ticket says so, with the not-found drawing and no 重试', async () => {
    open({ 'ticket/get': fail(4004, '发票不存在') });
    const view = await screen.findByRole('region', { name: '发票不存在' });
    expect(within(view).getByText('它可能已被删除，或链接有误')).toBeTruthy();
    expect(view.getAttribute('data-icon')).toBe('notFound');
    expect(within(view).queryByRole('button', { name: '重试' })).toBeNull();
    await act(async () => undefined);
  });

  test("another company's ticket: 无权查看 with the server's reason, no 重试, and no 权限不足 dialog taking the user away", async () => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const { api, url } = open({ 'ticket/get': fail(1004, '无权查看该企业的票夹') });
    const view = await screen.findByRole('region', { name: '无权查看' });
    expect(within(view).getByText('无权查看该企业的票夹')).toBeTruthy();
    expect(view.getAttribute('data-icon')).toBe('refused');
    expect(within(view).queryByRole('button', { name: '重试' })).toBeNull();
    expect(screen.queryByText('加载失败')).toBeNull();
    await settle();
    expect(document.querySelector('.adm-dialog')).toBeNull();
    expect(url()).toBe('/ticket/detail?id=ticket-1');
    expect(api.bodiesOf('ticket/get')).toHaveLength(1);
  });

  test("an HTTP 403 without the API's words is refused too, never drawn as the network", async () => {
    open({ 'ticket/get': httpAnswer(403, 'Forbidden') });
    const view = await screen.findByRole('region', { name: '无权查看' });
    expect(view.getAttribute('data-icon')).toBe('refused');
    expect(within(view).queryByRole('button', { name: '重试' })).toBeNull();
    expect(screen.queryByRole('region', { name: '加载失败' })).toBeNull();
  });

  test('a failed load says why with 重试, drawn as the network when there was no answer', async () => {
    open({ 'ticket/get': sequence(noAnswer(), ok(detail())) });
    const view = await screen.findByRole('region', { name: '加载失败' });
    expect(view.getAttribute('data-icon')).toBe('disconnected');
    fireEvent.click(within(view).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('¥1,060.00', { selector: '.ticket-detail__amount' })).toBeTruthy();
  });
});
