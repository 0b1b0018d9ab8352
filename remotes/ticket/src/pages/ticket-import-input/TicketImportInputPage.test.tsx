import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { pageMeta } from '@app/host-sdk/route-meta';
import { fail, ok, renderPage, settle, type Route } from '@app/host-sdk/testing';
import { detail } from '../../test-support/tickets';
import { AMOUNT_SHAPE_MESSAGE } from './input-form-rules';
import TicketImportInputPage from './TicketImportInputPage';

afterEach(() => {
  rs.useRealTimers();
  cleanup();
});

const open = (calls: Record<string, Route> = {}) =>
  renderPage(<TicketImportInputPage />, {
    url: '/ticket/import/input',
    history: ['/ticket/index', '/ticket/import/index'],
    meta: pageMeta('TicketImportInput', '手动录入'),
    calls: { 'ticket/import': ok({ ticket: detail({ id: 'ticket-5', verifyState: '查验中' }), taskId: 'task-5' }), ...calls },
  });

const fieldOf = (label: string) =>
  screen.getByText(label, { selector: '.adm-form-item-label, .adm-form-item-label *' }).closest('.adm-form-item') as HTMLElement;
const type = (label: string, value: string) => fireEvent.change(within(fieldOf(label)).getByRole('textbox'), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '加入票夹' }));

/** Picks a day in the date picker (its wheels start at today's date, which the fake clock fixes). */
async function pickToday() {
  fireEvent.click(within(fieldOf('开票日期')).getByText('请选择'));
  fireEvent.click(await screen.findByText('确定'));
  await waitFor(() => expect(within(fieldOf('开票日期')).queryByText('请选择')).toBeNull());
}

describe('TicketImportInputPage', () => {
  test('a 数电发票 typed in is added in fen, and its detail opens in place of the form', async () => {
    rs.useFakeTimers({ toFake: ['Date'] });
    rs.setSystemTime(new Date('2026-11-25T04:00:00.000Z'));
    const { api, url } = open();
    type('发票号码', '26332000000000000017');
    await pickToday();
    type('不含税金额', '1,234.5');
    submit();
    await waitFor(() => expect(url()).toBe('/ticket/detail?id=ticket-5'));
    expect(api.bodiesOf('ticket/import')).toEqual([
      { source: '手动输入', number: '26332000000000000017', issueDate: '2026-11-25', netFen: 123_450 },
    ]);
    expect(await screen.findByText('已加入票夹')).toBeTruthy();
  });

  test("the domain's rules show under the fields and nothing is sent", async () => {
    rs.useFakeTimers({ toFake: ['Date'] });
    rs.setSystemTime(new Date('2026-11-25T04:00:00.000Z'));
    const { api } = open();
    submit();
    expect(await within(fieldOf('发票号码')).findByText('请填写发票号码')).toBeTruthy();
    expect(within(fieldOf('开票日期')).getByText('请选择开票日期')).toBeTruthy();
    expect(within(fieldOf('不含税金额')).getByText('请填写不含税金额')).toBeTruthy();
    type('发票号码', '2633200000000000001');
    expect(await within(fieldOf('发票号码')).findByText('数电发票号码应为 20 位数字；其他发票请同时填写发票代码')).toBeTruthy();
    // An older invoice: the code, 8 digits, and the check code's last six for an ordinary one.
    type('发票代码', '3300193130');
    type('发票号码', '12345678');
    await waitFor(() => expect(within(fieldOf('发票号码')).queryByText(/应为/)).toBeNull());
    type('校验码后6位', '12');
    expect(await within(fieldOf('校验码后6位')).findByText('校验码后 6 位应为 6 位数字或字母')).toBeTruthy();
    type('不含税金额', '十元');
    expect(await within(fieldOf('不含税金额')).findByText(AMOUNT_SHAPE_MESSAGE)).toBeTruthy();
    type('不含税金额', '0');
    expect(await within(fieldOf('不含税金额')).findByText('金额应大于 0')).toBeTruthy();
    expect(api.bodiesOf('ticket/import')).toEqual([]);
  });

  test('the number and the date are compared only once both are given', async () => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
    rs.setSystemTime(new Date('2026-11-25T04:00:00.000Z'));
    open();
    // A 2025 number with no date picked yet: nothing to compare it with.
    type('发票号码', '25332000000000000017');
    await settle();
    expect(fieldOf('发票号码').querySelector('.adm-form-item-feedback-error')).toBeNull();
    // Today (2026) picked: now they disagree.
    await pickToday();
    submit();
    expect(await within(fieldOf('发票号码')).findByText('发票号码的年份与开票日期不符，请核对')).toBeTruthy();
  });

  test("the server's refusal of a field shows under it; a duplicate stays on the form", async () => {
    rs.useFakeTimers({ toFake: ['Date'] });
    rs.setSystemTime(new Date('2026-11-25T04:00:00.000Z'));
    const { api, url } = open({ 'ticket/import': fail(4000, '发票号码不正确', { fields: { number: '发票号码的地区代码不正确' } }) });
    type('发票号码', '26332000000000000017');
    await pickToday();
    type('不含税金额', '88');
    submit();
    expect(await within(fieldOf('发票号码')).findByText('发票号码的地区代码不正确')).toBeTruthy();
    api.route('ticket/import', fail(2005, '该发票已在票夹中（2026年11月，已报销）'));
    rs.setSystemTime(new Date('2026-11-25T04:00:05.000Z'));
    type('发票号码', '26332000000000000025');
    submit();
    await waitFor(() => expect(api.bodiesOf('ticket/import')).toHaveLength(2));
    expect(url()).toBe('/ticket/import/input');
  });
});
