import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { fail, ok, renderPage, type PageOptions } from '@app/host-sdk/testing';
import type { Title } from '../../features/titles/titles-api';
import TitlesCreatePage from './TitlesCreatePage';

const STORED: Title = {
  id: 't-1',
  kind: '企业',
  name: '杭州优税通科技有限公司',
  taxNumber: '91110000802100433B',
  address: '杭州市西湖区文三路 100 号',
  phone: '0571-88886666',
  bankName: '招商银行杭州分行',
  bankAccount: '571908765432101',
  email: 'finance@youshui.cn',
  isDefault: false,
  createdAt: '2024-05-01T02:03:00.000Z',
};

const nameField = () => screen.getByPlaceholderText('营业执照上的全称') as HTMLInputElement;

const openForm = (options: PageOptions) => renderPage(<TitlesCreatePage />, { url: '/titles/create', ...options });

afterEach(cleanup);

describe('TitlesCreatePage', () => {
  test('adds a title: 保存成功, then back to where the user came from', async () => {
    const { api, url } = openForm({
      history: ['/titles/list'],
      calls: { 'title/save': (body) => ok({ ...STORED, ...body, id: 't-new' }) },
    });
    expect(screen.getByText('新增抬头')).toBeTruthy();
    fireEvent.change(nameField(), { target: { value: '杭州优税通科技有限公司' } });
    fireEvent.change(screen.getByPlaceholderText('纳税人识别号'), { target: { value: '91110000802100433B' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(api.bodiesOf('title/save')).toEqual([
      {
        kind: '企业',
        name: '杭州优税通科技有限公司',
        taxNumber: '91110000802100433B',
        address: '',
        phone: '',
        bankName: '',
        bankAccount: '',
        email: '',
        isDefault: false,
      },
    ]);
    expect(url()).toBe('/titles/list');
    // The form starts empty for the next title (the page stays alive in the page cache).
    await waitFor(() => expect(nameField().value).toBe(''));
  });

  test('opened directly (no history), saving goes to the list', async () => {
    const { router, url } = openForm({ calls: { 'title/save': ok(STORED) } });
    fireEvent.change(nameField(), { target: { value: '杭州优税通科技有限公司' } });
    fireEvent.change(screen.getByPlaceholderText('纳税人识别号'), { target: { value: '91110000802100433B' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(url()).toBe('/titles/list'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  test('?id= edits the stored title and saves it under its id', async () => {
    const { api } = openForm({ url: '/titles/create?id=t-1', calls: { 'title/get': ok(STORED), 'title/save': ok(STORED) } });
    expect(screen.getByText('编辑抬头')).toBeTruthy();
    await waitFor(() => expect(nameField().value).toBe(STORED.name));
    fireEvent.change(nameField(), { target: { value: '杭州优税通（新）科技有限公司' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.bodiesOf('title/save')).toHaveLength(1));
    expect(api.bodiesOf('title/save')[0]).toMatchObject({
      id: 't-1',
      name: '杭州优税通（新）科技有限公司',
      taxNumber: STORED.taxNumber,
      email: STORED.email,
    });
  });

  test("another user's title: 无权查看 with the server's reason, and no 重试", async () => {
    openForm({ url: '/titles/create?id=t-1', calls: { 'title/get': fail(1004, '无权访问该抬头') } });
    const refused = await screen.findByRole('region', { name: '无权查看' });
    expect(refused.textContent).toContain('无权访问该抬头');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  test('a title that cannot be loaded says why, and 重试 loads it again', async () => {
    const { api } = openForm({ url: '/titles/create?id=t-1', calls: { 'title/get': fail(5000, '服务繁忙，请稍后重试') } });
    expect(await screen.findByText('服务繁忙，请稍后重试')).toBeTruthy();
    api.route('title/get', ok(STORED));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(nameField().value).toBe(STORED.name));
  });
});
