import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import * as actualApiClient from '@app/host-sdk/api-client' with { rstest: 'importActual' };
import { Dialog } from '@app/ui/dialog';
import { Toast } from '@app/ui/toast';
import type { Title } from '../../features/titles/titles-api';
import { answerCalls } from '../../test-support/call-api-mock';
import { useListPageEnvironment } from '../../test-support/list-page-environment';

const api = rs.hoisted(() => ({ callApi: rs.fn() }));
const router = rs.hoisted(() => ({ navigate: rs.fn() }));
rs.mock('@app/host-sdk/api-client', () => ({ ...actualApiClient, callApi: api.callApi }));
rs.mock('@app/host-sdk/router', () => ({ useNavigate: () => router.navigate }));

const { default: TitlesListPage } = await import('./TitlesListPage');

function title(id: string, overrides: Partial<Title>): Title {
  return { id, kind: '企业', name: id, taxNumber: '91110000802100433B', address: '', phone: '', bankName: '', bankAccount: '', email: '', isDefault: false, createdAt: '2024-05-01T02:03:00.000Z', ...overrides };
}

/** A server of titles in memory: list (default first), setDefault, delete. */
function titlesServer(initial: Title[]) {
  let titles = [...initial];
  const ordered = () => [...titles.filter((item) => item.isDefault), ...titles.filter((item) => !item.isDefault)];
  return answerCalls(api.callApi, {
    'title/list': () => ({ total: titles.length, list: ordered() }),
    'title/setDefault': ({ id }: Record<string, unknown>) => {
      titles = titles.map((item) => ({ ...item, isDefault: item.id === id }));
      return titles.find((item) => item.id === id);
    },
    'title/delete': ({ id }: Record<string, unknown>) => {
      titles = titles.filter((item) => item.id !== id);
      return { id };
    },
  });
}

const card = (name: string) => screen.getByRole('article', { name });
const names = () => screen.queryAllByRole('article').map((node) => node.getAttribute('aria-label'));
const dialogButton = (name: string) => within(document.querySelector('.adm-dialog') as HTMLElement).getByRole('button', { name });

useListPageEnvironment();
afterEach(() => {
  cleanup();
  Dialog.clear();
  Toast.clear();
  router.navigate.mockReset();
});

describe('TitlesListPage', () => {
  test('each row shows name, kind, tax number and the 默认 tag; 编辑 and 新增抬头 open the form', async () => {
    titlesServer([title('甲公司', { isDefault: true }), title('张三', { kind: '个人', taxNumber: '', email: 'z@example.cn' })]);
    render(<TitlesListPage />);
    await waitFor(() => expect(names()).toEqual(['甲公司', '张三']));
    expect(within(card('甲公司')).getByText('默认')).toBeTruthy();
    expect(within(card('甲公司')).getByText('企业')).toBeTruthy();
    expect(within(card('甲公司')).getByText('91110000802100433B')).toBeTruthy();
    expect(within(card('张三')).queryByText('默认')).toBeNull();
    expect(within(card('张三')).getByText('个人')).toBeTruthy();
    expect(within(card('张三')).getByText('未填写')).toBeTruthy();
    expect(within(card('张三')).getByText('z@example.cn')).toBeTruthy();

    fireEvent.click(within(card('张三')).getByRole('button', { name: '编辑' }));
    expect(router.navigate).toHaveBeenLastCalledWith('/titles/create?id=%E5%BC%A0%E4%B8%89');
    fireEvent.click(screen.getByRole('button', { name: '新增抬头' }));
    expect(router.navigate).toHaveBeenLastCalledWith('/titles/create');
  });

  test('设为默认 moves the 默认 tag (the list reloads)', async () => {
    const calls = titlesServer([title('甲公司', { isDefault: true }), title('乙公司', {})]);
    render(<TitlesListPage />);
    await waitFor(() => expect(names()).toEqual(['甲公司', '乙公司']));
    fireEvent.click(within(card('乙公司')).getByText('设为默认'));
    await waitFor(() => expect(names()).toEqual(['乙公司', '甲公司']));
    expect(calls.payloadsOf('title/setDefault')).toEqual([{ id: '乙公司' }]);
    expect(within(card('乙公司')).getByText('默认')).toBeTruthy();
    expect(within(card('甲公司')).queryByText('默认')).toBeNull();
    expect(await screen.findByText('已设为默认抬头')).toBeTruthy();
  });

  test('删除 asks first: 取消 keeps the title, 删除 removes it', async () => {
    const calls = titlesServer([title('甲公司', {}), title('乙公司', {})]);
    render(<TitlesListPage />);
    await waitFor(() => expect(names()).toEqual(['甲公司', '乙公司']));
    fireEvent.click(within(card('甲公司')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除“甲公司”吗？删除后不可恢复。')).toBeTruthy();
    fireEvent.click(dialogButton('取消'));
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
    expect(calls.payloadsOf('title/delete')).toEqual([]);

    fireEvent.click(within(card('甲公司')).getByRole('button', { name: '删除' }));
    await screen.findByText('确定删除“甲公司”吗？删除后不可恢复。');
    fireEvent.click(dialogButton('删除'));
    await waitFor(() => expect(names()).toEqual(['乙公司']));
    expect(calls.payloadsOf('title/delete')).toEqual([{ id: '甲公司' }]);
  });

  test('no titles: the empty state offers 新增抬头, and the bottom button steps aside', async () => {
    titlesServer([]);
    render(<TitlesListPage />);
    expect(await screen.findByText('还没有发票抬头，添加后开票时可一键填入')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '新增抬头' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '新增抬头' }));
    expect(router.navigate).toHaveBeenLastCalledWith('/titles/create');
  });
});
