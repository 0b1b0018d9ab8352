import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ApiError } from '@app/host-sdk/api-client';
import { loadProblemOf } from '../src/load-problem';
import { LoadProblemView, StateView } from '../src/state-view';

afterEach(cleanup);

const drawing = (view: HTMLElement) => view.querySelector('svg path')?.getAttribute('d');

describe('StateView', () => {
  test('empty, failed, refused and not found each have their own drawing and words', () => {
    render(
      <>
        <StateView state="empty" />
        <StateView state="failed" onRetry={() => undefined} />
        <StateView state="refused" />
        <StateView state="missing" />
      </>,
    );
    const views = ['暂无内容', '加载失败', '无权查看', '内容不存在'].map((name) => screen.getByRole('region', { name }));
    expect(new Set(views.map(drawing)).size).toBe(4);
    expect(views.map((view) => view.getAttribute('data-icon'))).toEqual(['empty', 'disconnected', 'refused', 'notFound']);
  });

  test('only a failure offers 重试; a server failure is not drawn as the network', () => {
    const retry = rs.fn();
    render(<StateView state="failed" title="票据加载失败" description="服务繁忙，请稍后重试" offline={false} onRetry={retry} />);
    const view = screen.getByRole('region', { name: '票据加载失败' });
    expect(view.getAttribute('data-icon')).toBe('error');
    fireEvent.click(within(view).getByRole('button', { name: '重试' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});

describe('loadProblemOf and LoadProblemView', () => {
  test('1003/1004 and HTTP 403 are refused, 4004/4000 missing, anything else a failure (no answer: the network)', () => {
    expect(loadProblemOf(new ApiError('无权查看该企业的票夹', 1004, 403))).toEqual({ state: 'refused', message: '无权查看该企业的票夹' });
    expect(loadProblemOf(new ApiError('您没有此操作的权限', 1003, 403))).toEqual({ state: 'refused', message: '您没有此操作的权限' });
    // A 403 is a refusal whoever sends it: a gateway's page without the API's words is never the network.
    expect(loadProblemOf(new ApiError('请求失败,请重试（403）', null, 403))).toEqual({
      state: 'refused',
      message: '您没有查看此内容的权限',
    });
    expect(loadProblemOf(new ApiError('发票不存在', 4004, 404))).toEqual({ state: 'missing' });
    expect(loadProblemOf(new ApiError('编号(id)格式不正确', 4000, 400))).toEqual({ state: 'missing' });
    expect(loadProblemOf(new ApiError('服务繁忙，请稍后重试', 5000, 503))).toEqual({
      state: 'failed',
      message: '服务繁忙，请稍后重试',
      offline: false,
    });
    expect(loadProblemOf(new ApiError('Network Error', null, null))).toEqual({
      state: 'failed',
      message: '请检查网络后重试',
      offline: true,
    });
    expect(loadProblemOf(new Error('boom'))).toEqual({ state: 'failed', message: '请检查网络后重试', offline: true });
  });

  test("a refusal says 无权查看 with the server's reason and offers no 重试", () => {
    render(
      <LoadProblemView
        problem={{ state: 'refused', message: '无权查看该企业的票夹' }}
        missing={{ title: '发票不存在' }}
        onRetry={() => undefined}
      />,
    );
    const view = screen.getByRole('region', { name: '无权查看' });
    expect(within(view).getByText('无权查看该企业的票夹')).toBeTruthy();
    expect(within(view).queryByRole('button')).toBeNull();
  });

  test("not found says the page's own words", () => {
    render(
      <LoadProblemView
        problem={{ state: 'missing' }}
        missing={{ title: '发票不存在', description: '它可能已被删除' }}
        onRetry={() => undefined}
      />,
    );
    expect(screen.getByRole('region', { name: '发票不存在' }).getAttribute('data-icon')).toBe('notFound');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
