import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ok, renderPage, userDetail } from '@app/host-sdk/testing';
import type { AuditEntry } from '@app/contract/audit';
import { useListPageEnvironment } from '@app/ui/test-support/list-layout';
import MyAuditPage from './MyAuditPage';

useListPageEnvironment();
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

function entry(id: string, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    userId: 'u-1',
    userName: '李老板',
    role: '管理员',
    kind: 'invoice.issue',
    objectType: 'invoice',
    objectId: 'inv-1',
    summary: '开具数电普票，购买方「杭州买方有限公司」',
    requestId: `req-${id}`,
    ip: '10.0.0.8',
    createdAt: '2026-12-01T02:00:00.000Z',
    ...overrides,
  };
}

/** A trail in memory, newest first, answered 20 after the entry named by `after`, with the kind filter applied. */
function open(trail: AuditEntry[], user = userDetail()) {
  return renderPage(<MyAuditPage />, {
    url: '/my/audit',
    history: ['/my'],
    user,
    calls: {
      'audit/actors': () =>
        ok({
          list: [
            { userId: 'u-1', name: '李老板', roleName: '管理员' },
            { userId: 'u-2', name: '王芳', roleName: '员工' },
          ],
        }),
      'audit/list': ({ after, kind, userId }) => {
        const matching = trail.filter((row) => (!kind || row.kind === kind) && (!userId || row.userId === userId));
        const start = after ? matching.findIndex((row) => row.id === after) + 1 : 0;
        return ok({ list: matching.slice(start, start + 20), hasMore: start + 20 < matching.length });
      },
    },
  });
}

const rows = () => screen.queryAllByRole('article');
/** The open filter menu's panel, once there (the bar loads the dropdown on its first tap). */
const openedPanel = () =>
  waitFor(() => {
    const panel = document.querySelector<HTMLElement>('.adm-dropdown-popup-body');
    if (!panel) throw new Error('no open menu');
    return panel;
  });

describe('MyAuditPage', () => {
  test('entries by China day, newest first: who, their role, what was done to what, when', async () => {
    open([
      entry('a-2', {
        userName: '王芳',
        role: '员工',
        kind: 'invoice.reverse',
        summary: '红冲发票 24330000000000000001（杭州买方有限公司），红字金额 -¥113.00',
        createdAt: '2026-12-01T16:30:00.000Z',
      }),
      entry('a-1', { createdAt: '2026-12-01T15:30:00.000Z' }),
    ]);
    await waitFor(() => expect(rows().length).toBe(2));
    const headings = screen.getAllByRole('heading', { level: 2 }).map((node) => node.textContent);
    expect(headings).toEqual(['2026年12月2日', '2026年12月1日']);
    const reversed = screen.getByRole('article', { name: '王芳 红冲发票' });
    expect(within(reversed).getByText('员工')).toBeTruthy();
    expect(within(reversed).getByText(/红字金额 -¥113.00/)).toBeTruthy();
    expect(within(reversed).getByText('00:30')).toBeTruthy();
    expect(within(reversed).getByText(/req-a-2 · 10.0.0.8/)).toBeTruthy();
    expect(within(screen.getByRole('article', { name: '李老板 开具发票' })).getByText('23:30')).toBeTruthy();
  });

  test('infinite scroll: the next page is asked after the last entry shown; a day spanning pages is headed once', async () => {
    const trail = Array.from({ length: 25 }, (_, index) => entry(`e-${index + 1}`, { summary: `第${index + 1}条` }));
    const { api } = open(trail);
    await waitFor(() => expect(rows().length).toBe(25));
    expect(api.bodiesOf('audit/list')).toEqual([{}, { after: 'e-20' }]);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(1);
    expect(await screen.findByText('没有更多了')).toBeTruthy();
  });

  test('filters: a kind and a person ask the server again; 清除筛选 when nothing matches', async () => {
    const { api } = open([entry('a-1'), entry('a-2', { kind: 'ticket.delete', userId: 'u-2', userName: '王芳', summary: '删除发票 001' })]);
    await waitFor(() => expect(rows().length).toBe(2));
    fireEvent.click(screen.getByText('全部操作'));
    fireEvent.click(within(await openedPanel()).getByText('删除票据'));
    await waitFor(() => expect(rows().map((row) => row.getAttribute('aria-label'))).toEqual(['王芳 删除票据']));
    expect(api.bodiesOf('audit/list').at(-1)).toEqual({ kind: 'ticket.delete' });
    fireEvent.click(screen.getByText('全部人员'));
    fireEvent.click(within(await openedPanel()).getByText('李老板'));
    expect(await screen.findByText('没有符合条件的操作记录')).toBeTruthy();
    expect(api.bodiesOf('audit/list').at(-1)).toEqual({ kind: 'ticket.delete', userId: 'u-1' });
    fireEvent.click(screen.getByRole('button', { name: '清除筛选' }));
    await waitFor(() => expect(rows().length).toBe(2));
    expect(api.bodiesOf('audit/list').at(-1)).toEqual({});
  });

  test('a member who is not a manager is told the trail is the manager’s, and nothing is asked', () => {
    const { api } = open([entry('a-1')], userDetail({ permissions: ['company_user_role'] }));
    expect(screen.getByText('仅企业管理员可查看操作日志')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});
