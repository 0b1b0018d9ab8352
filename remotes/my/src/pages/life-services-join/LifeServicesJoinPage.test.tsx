import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok, renderPage, type Route } from '@app/host-sdk/testing';
import type { LifeServiceApplication } from './life-service-api';
import LifeServicesJoinPage from './LifeServicesJoinPage';

const APPLICATION: LifeServiceApplication = {
  id: 'ls-1',
  contactName: '王芳',
  phone: '13812345678',
  city: '杭州市',
  kind: '餐饮美食',
  remarks: '两家门店',
  state: '审核中',
  createdAt: '2026-11-20T17:30:00.000Z',
};

function open(calls: Record<string, Route> = {}) {
  return renderPage(<LifeServicesJoinPage />, { url: '/tools/join/lifeServices', calls: { 'lifeService/mine': ok(null), ...calls } });
}

const input = (placeholder: string) => screen.getByPlaceholderText(placeholder) as HTMLInputElement;
const fieldErrors = () => Array.from(document.querySelectorAll('.adm-form-item-feedback-error')).map((node) => node.textContent);
const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交申请' }));

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('LifeServicesJoinPage', () => {
  test('an empty form says what is missing under each field, in Chinese, and sends nothing', async () => {
    const { api } = open();
    expect(document.title).toBe('生活服务入驻');
    await screen.findByPlaceholderText('您的姓名');
    submit();
    await waitFor(() => expect(fieldErrors()).toEqual(['请填写联系人', '请填写联系电话', '请填写所在城市', '请选择经营类型']));
    fireEvent.change(input('11 位手机号'), { target: { value: '1381234' } });
    await waitFor(() => expect(fieldErrors()).toContain('请填写 11 位手机号'));
    expect(api.bodiesOf('lifeService/apply')).toEqual([]);
  });

  test('a complete form is sent, then the request shows as 审核中 with its date', async () => {
    const { api } = open({ 'lifeService/apply': (body) => ok({ ...APPLICATION, ...body, id: 'ls-2' }) });
    await screen.findByPlaceholderText('您的姓名');
    fireEvent.change(input('您的姓名'), { target: { value: ' 王芳 ' } });
    fireEvent.change(input('11 位手机号'), { target: { value: '138 1234 5678' } });
    fireEvent.change(input('如：杭州市'), { target: { value: '杭州市' } });
    fireEvent.click(screen.getByText('丽人美发'));
    fireEvent.change(screen.getByPlaceholderText('门店数量、主营项目、期望合作方式等（选填）'), { target: { value: '三家门店' } });
    submit();
    expect(await screen.findByText('提交成功，请等待审核')).toBeTruthy();
    const state = await screen.findByRole('region', { name: '入驻申请' });
    expect(within(state).getByText('审核中')).toBeTruthy();
    expect(within(state).getByText('2026-11-21')).toBeTruthy();
    expect(api.bodiesOf('lifeService/apply')).toEqual([
      { contactName: '王芳', phone: '13812345678', city: '杭州市', kind: '丽人美发', remarks: '三家门店' },
    ]);
    expect(screen.queryByRole('button', { name: '提交申请' })).toBeNull();
  });

  test.each([
    ['审核中', false],
    ['已通过', false],
    ['未通过', true],
  ] as const)('a request %s shows instead of the form (重新申请: %s)', async (state, again) => {
    open({ 'lifeService/mine': ok({ ...APPLICATION, state }) });
    const card = await screen.findByRole('region', { name: '入驻申请' });
    expect(within(card).getByText(state)).toBeTruthy();
    expect(within(card).getByText('餐饮美食')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '提交申请' })).toBeNull();
    expect(!!within(card).queryByRole('button', { name: '重新申请' })).toBe(again);
    if (again) {
      fireEvent.click(within(card).getByRole('button', { name: '重新申请' }));
      expect(input('您的姓名').value).toBe('王芳');
    }
  });

  test('the server refusing a field shows its message under it', async () => {
    open({ 'lifeService/apply': fail(4000, '联系电话格式不正确', { fields: { phone: '该号码不可用' } }) });
    await screen.findByPlaceholderText('您的姓名');
    fireEvent.change(input('您的姓名'), { target: { value: '王芳' } });
    fireEvent.change(input('11 位手机号'), { target: { value: '13812345678' } });
    fireEvent.change(input('如：杭州市'), { target: { value: '杭州市' } });
    fireEvent.click(screen.getByText('其他'));
    submit();
    await waitFor(() => expect(fieldErrors()).toEqual(['该号码不可用']));
    await waitFor(() => expect((screen.getByRole('button', { name: '提交申请' }) as HTMLButtonElement).disabled).toBe(false));
  });

  test('a refusal to show the request is 无权查看 with its reason, and offers no 重试', async () => {
    open({ 'lifeService/mine': fail(1003, '仅企业用户可申请入驻') });
    const view = await screen.findByRole('region', { name: '无权查看' });
    expect(within(view).getByText('仅企业用户可申请入驻')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    expect(screen.queryByRole('button', { name: '提交申请' })).toBeNull();
  });

  test('a request that failed to load offers 重试', async () => {
    const { api } = open({ 'lifeService/mine': fail(5000, '服务暂时不可用') });
    expect(await screen.findByText('服务暂时不可用')).toBeTruthy();
    api.route('lifeService/mine', ok({ ...APPLICATION, state: '已通过' }));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(within(await screen.findByRole('region', { name: '入驻申请' })).getByText('已通过')).toBeTruthy();
  });
});
