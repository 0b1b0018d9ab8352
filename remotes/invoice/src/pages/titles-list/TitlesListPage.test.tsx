import { afterEach, describe, expect, test } from '@rstest/core';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ok, renderPage } from '@app/host-sdk/testing';
import type { Title } from '../../features/titles/titles-api';
import { useListPageEnvironment } from '@app/ui/test-support/list-layout';
import TitlesListPage from './TitlesListPage';

function title(id: string, overrides: Partial<Title>): Title {
  return {
    id,
    kind: '企业',
    name: id,
    taxNumber: '91110000802100433B',
    address: '',
    phone: '',
    bankName: '',
    bankAccount: '',
    email: '',
    isDefault: false,
    createdAt: '2024-05-01T02:03:00.000Z',
    ...overrides,
  };
}

/** The list page, answered by a server of titles in memory: list (default first), setDefault, delete. */
function openList(initial: Title[]) {
  let titles = [...initial];
  const ordered = () => [...titles.filter((item) => item.isDefault), ...titles.filter((item) => !item.isDefault)];
  return renderPage(<TitlesListPage />, {
    url: '/titles/list',
    calls: {
      'title/list': () => ok({ total: titles.length, list: ordered() }),
      'title/setDefault': ({ id }) => {
        titles = titles.map((item) => ({ ...item, isDefault: item.id === id }));
        return ok(titles.find((item) => item.id === id));
      },
      'title/delete': ({ id }) => {
        titles = titles.filter((item) => item.id !== id);
        return ok({ id });
      },
    },
  });
}

const card = (name: string) => screen.getByRole('article', { name });
const names = () => screen.queryAllByRole('article').map((node) => node.getAttribute('aria-label'));
const dialogButton = (name: string) => within(document.querySelector('.adm-dialog') as HTMLElement).getByRole('button', { name });

useListPageEnvironment();
afterEach(cleanup);

describe('TitlesListPage', () => {
  test('each row shows name, kind, tax number and the 默认 tag; 编辑 and 新增抬头 open the form', async () => {
    const { router, url } = openList([
      title('甲公司', { isDefault: true }),
      title('张三', { kind: '个人', taxNumber: '', email: 'z@example.cn' }),
    ]);
    await waitFor(() => expect(names()).toEqual(['甲公司', '张三']));
    expect(within(card('甲公司')).getByText('默认')).toBeTruthy();
    expect(within(card('甲公司')).getByText('企业')).toBeTruthy();
    expect(within(card('甲公司')).getByText('91110000802100433B')).toBeTruthy();
    expect(within(card('张三')).queryByText('默认')).toBeNull();
    expect(within(card('张三')).getByText('个人')).toBeTruthy();
    expect(within(card('张三')).getByText('未填写')).toBeTruthy();
    expect(within(card('张三')).getByText('z@example.cn')).toBeTruthy();

    fireEvent.click(within(card('张三')).getByRole('button', { name: '编辑' }));
    expect(url()).toBe('/titles/create?id=%E5%BC%A0%E4%B8%89');
    await act(() => router.navigate(-1));
    fireEvent.click(screen.getByRole('button', { name: '新增抬头' }));
    expect(url()).toBe('/titles/create');
  });

  test('设为默认 moves the 默认 tag (the list reloads)', async () => {
    const { api } = openList([title('甲公司', { isDefault: true }), title('乙公司', {})]);
    await waitFor(() => expect(names()).toEqual(['甲公司', '乙公司']));
    fireEvent.click(within(card('乙公司')).getByText('设为默认'));
    await waitFor(() => expect(names()).toEqual(['乙公司', '甲公司']));
    expect(api.bodiesOf('title/setDefault')).toEqual([{ id: '乙公司' }]);
    expect(within(card('乙公司')).getByText('默认')).toBeTruthy();
    expect(within(card('甲公司')).queryByText('默认')).toBeNull();
    expect(await screen.findByText('已设为默认抬头')).toBeTruthy();
  });

  test('删除 asks first: 取消 keeps the title, 删除 removes it', async () => {
    const { api } = openList([title('甲公司', {}), title('乙公司', {})]);
    await waitFor(() => expect(names()).toEqual(['甲公司', '乙公司']));
    fireEvent.click(within(card('甲公司')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除“甲公司”吗？删除后不可恢复。')).toBeTruthy();
    fireEvent.click(dialogButton('取消'));
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
    expect(api.bodiesOf('title/delete')).toEqual([]);

    fireEvent.click(within(card('甲公司')).getByRole('button', { name: '删除' }));
    await screen.findByText('确定删除“甲公司”吗？删除后不可恢复。');
    fireEvent.click(dialogButton('删除'));
    await waitFor(() => expect(names()).toEqual(['乙公司']));
    expect(api.bodiesOf('title/delete')).toEqual([{ id: '甲公司' }]);
  });

  test('no titles: the empty state offers 新增抬头, and the bottom button steps aside', async () => {
    const { url } = openList([]);
    expect(await screen.findByText('还没有发票抬头，添加后开票时可一键填入')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '新增抬头' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '新增抬头' }));
    expect(url()).toBe('/titles/create');
  });
});
