import { afterAll, afterEach, beforeAll, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import * as actualApiClient from '@app/host-sdk/api-client' with { rstest: 'importActual' };
import { setupUi } from '@app/ui/setup';
import { Toast } from '@app/ui/toast';
import type { Title } from '../../features/titles/titles-api';
import { answerCalls, failure } from '../../test-support/call-api-mock';

const api = rs.hoisted(() => ({ callApi: rs.fn() }));
const router = rs.hoisted(() => ({ navigate: rs.fn(), search: '', key: 'k1' }));
rs.mock('@app/host-sdk/api-client', () => ({ ...actualApiClient, callApi: api.callApi }));
rs.mock('@app/host-sdk/router', () => ({
  useNavigate: () => router.navigate,
  useSearchParams: () => [new URLSearchParams(router.search)],
  useLocation: () => ({ key: router.key }),
}));

const { default: TitlesCreatePage } = await import('./TitlesCreatePage');

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

const nameField = () => screen.getByPlaceholderText('与营业执照一致的单位全称') as HTMLInputElement;

beforeAll(() => setupUi());
afterEach(() => {
  cleanup();
  Toast.clear();
  router.navigate.mockReset();
  router.search = '';
  router.key = 'k1';
});
afterAll(() => Toast.clear());

describe('TitlesCreatePage', () => {
  test('adds a title: 保存成功, then back to where the user came from', async () => {
    const calls = answerCalls(api.callApi, { 'title/save': (body: Record<string, unknown>) => ({ ...STORED, ...body, id: 't-new' }) });
    render(<TitlesCreatePage />);
    expect(screen.getByText('新增抬头')).toBeTruthy();
    fireEvent.change(nameField(), { target: { value: '杭州优税通科技有限公司' } });
    fireEvent.change(screen.getByPlaceholderText('纳税人识别号'), { target: { value: '91110000802100433B' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(calls.payloadsOf('title/save')).toEqual([
      { kind: '企业', name: '杭州优税通科技有限公司', taxNumber: '91110000802100433B', address: '', phone: '', bankName: '', bankAccount: '', email: '', isDefault: false },
    ]);
    expect(router.navigate).toHaveBeenCalledWith(-1);
    // The form starts empty for the next title (the page stays alive in the page cache).
    await waitFor(() => expect(nameField().value).toBe(''));
  });

  test('opened directly (no history), saving goes to the list', async () => {
    router.key = 'default';
    answerCalls(api.callApi, { 'title/save': STORED });
    render(<TitlesCreatePage />);
    fireEvent.change(nameField(), { target: { value: '杭州优税通科技有限公司' } });
    fireEvent.change(screen.getByPlaceholderText('纳税人识别号'), { target: { value: '91110000802100433B' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(router.navigate).toHaveBeenCalledWith('/titles/list', { replace: true }));
  });

  test('?id= edits the stored title and saves it under its id', async () => {
    router.search = 'id=t-1';
    const calls = answerCalls(api.callApi, { 'title/get': STORED, 'title/save': STORED });
    render(<TitlesCreatePage />);
    expect(screen.getByText('编辑抬头')).toBeTruthy();
    await waitFor(() => expect(nameField().value).toBe(STORED.name));
    fireEvent.change(nameField(), { target: { value: '杭州优税通（新）科技有限公司' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.payloadsOf('title/save')).toHaveLength(1));
    expect(calls.payloadsOf('title/save')[0]).toMatchObject({ id: 't-1', name: '杭州优税通（新）科技有限公司', taxNumber: STORED.taxNumber, email: STORED.email });
  });

  test('a title that cannot be loaded says why, and 重试 loads it again', async () => {
    router.search = 'id=t-1';
    const calls = answerCalls(api.callApi, { 'title/get': failure(1004, '无权访问该抬头') });
    render(<TitlesCreatePage />);
    expect(await screen.findByText('无权访问该抬头')).toBeTruthy();
    calls.route('title/get', STORED);
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(nameField().value).toBe(STORED.name));
  });
});
