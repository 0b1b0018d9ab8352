import { afterEach, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { BottomBar } from '../src/bottom-bar';
import { Card, DetailRow } from '../src/card';
import { ListRow, ListRowLine, RowBadge } from '../src/list-row';
import { SectionHeader } from '../src/section-header';

afterEach(cleanup);

test('a row that opens something is one button, by tap or by key', () => {
  const open = rs.fn();
  render(
    <ListRow
      title="杭州西湖文化传媒有限公司"
      aria-label="杭州西湖文化传媒有限公司 ¥1,060.00"
      extra="¥1,060.00"
      tags={<RowBadge>企业</RowBadge>}
      onClick={open}
    >
      <ListRowLine label="税号">91110000802100433B</ListRowLine>
    </ListRow>,
  );
  const row = screen.getByRole('button', { name: '杭州西湖文化传媒有限公司 ¥1,060.00' });
  expect(within(row).getByText('企业')).toBeTruthy();
  expect(within(row).getByText('税号')).toBeTruthy();
  fireEvent.click(row);
  fireEvent.keyDown(row, { key: 'Enter' });
  fireEvent.keyDown(row, { key: 'a' });
  expect(open).toHaveBeenCalledTimes(2);
});

test('a row with actions is an article: its body opens it, its buttons act on it', () => {
  const open = rs.fn();
  const remove = rs.fn();
  render(
    <ListRow
      title="办公用品"
      aria-label="办公用品"
      onClick={open}
      actions={
        <button type="button" onClick={remove}>
          删除
        </button>
      }
    >
      <ListRowLine divided extra={<span>13%</span>} truncate>
        规格 A4 · 单位 箱
      </ListRowLine>
    </ListRow>,
  );
  const row = screen.getByRole('article', { name: '办公用品' });
  // The body is a button named by what it shows (a name that says less than the text would mislead a voice user).
  fireEvent.click(within(row).getByRole('button', { name: '办公用品 规格 A4 · 单位 箱 13%' }));
  fireEvent.click(within(row).getByRole('button', { name: '删除' }));
  expect(open).toHaveBeenCalledTimes(1);
  expect(remove).toHaveBeenCalledTimes(1);
});

test('a row may be an article whose body is the button', () => {
  const open = rs.fn();
  render(<ListRow title="1 号收银台" aria-label="1 号收银台" press="body" onClick={open} />);
  fireEvent.click(within(screen.getByRole('article', { name: '1 号收银台' })).getByRole('button', { name: '1 号收银台' }));
  expect(open).toHaveBeenCalled();
});

test('a row that opens nothing is read-only', () => {
  render(<ListRow title="收款" aria-label="收款 +¥88.00" />);
  expect(screen.getByRole('article', { name: '收款 +¥88.00' })).toBeTruthy();
  expect(screen.queryByRole('button')).toBeNull();
});

test('a card and a section header: the title as a heading, what it offers at the right', () => {
  render(
    <>
      <SectionHeader level={2} title="最近明细" extra={<a href="/my/wallet/list">查看全部</a>} />
      <Card title="发票" extra={<span>未开票</span>} aria-label="发票">
        <DetailRow label="订单号">P2026112500001</DetailRow>
      </Card>
    </>,
  );
  expect(screen.getByRole('heading', { level: 2, name: '最近明细' })).toBeTruthy();
  const card = screen.getByRole('region', { name: '发票' });
  expect(within(card).getByRole('heading', { level: 3, name: '发票' })).toBeTruthy();
  expect(within(card).getByText('未开票')).toBeTruthy();
  expect(within(card).getByText('订单号').nextElementSibling?.textContent).toBe('P2026112500001');
});

test('the bottom bar holds its buttons and keeps its room free at the end of the page', () => {
  const { container } = render(
    <BottomBar>
      <button type="button">新增抬头</button>
    </BottomBar>,
  );
  expect(screen.getByRole('button', { name: '新增抬头' })).toBeTruthy();
  expect(container.querySelectorAll('[aria-hidden="true"]')).toHaveLength(1);
});
