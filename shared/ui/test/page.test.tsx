import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Page, PageBackContext } from '../src/page';
import { PagePlaceholder } from '../src/page-placeholder';
import { StatusView } from '../src/status-view';

afterEach(cleanup);

describe('Page', () => {
  test('shows the title in the NavBar and as the document title', () => {
    render(<Page title="票夹">内容</Page>);
    expect(screen.getByText('票夹')).toBeTruthy();
    expect(screen.getByText('内容')).toBeTruthy();
    expect(document.title).toBe('票夹');
  });

  test('the back arrow is a button named 返回 that calls onBack; tab pages have no button at all', () => {
    const onBack = rs.fn();
    const { unmount } = render(<Page title="详情" onBack={onBack} />);
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(onBack).toHaveBeenCalledTimes(1);
    unmount();
    render(<Page title="我的" noBack />);
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  test("without its own onBack, the back arrow does what the page owner provides; a page's own onBack wins", () => {
    const ownersBack = rs.fn();
    const onBack = rs.fn();
    const { unmount } = render(
      <PageBackContext value={ownersBack}>
        <Page title="收银台" />
      </PageBackContext>,
    );
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(ownersBack).toHaveBeenCalledTimes(1);
    unmount();
    render(
      <PageBackContext value={ownersBack}>
        <Page title="详情" onBack={onBack} />
      </PageBackContext>,
    );
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(ownersBack).toHaveBeenCalledTimes(1);
  });
});

test('PagePlaceholder names what the page is for', () => {
  render(<PagePlaceholder purpose="查看收到的发票" />);
  expect(screen.getByText('查看收到的发票')).toBeTruthy();
});

test('StatusView shows its title, sentence and actions as one labelled region', () => {
  render(
    <StatusView icon="empty" title="页面不存在" description="您访问的页面不存在">
      <button type="button">返回首页</button>
    </StatusView>,
  );
  const region = screen.getByRole('region', { name: '页面不存在' });
  expect(region.textContent).toContain('您访问的页面不存在');
  expect(screen.getByRole('button', { name: '返回首页' })).toBeTruthy();
});
