/**
 * Pull down to refresh, in Chinese, without its weight on a page's first load: antd-mobile's PullToRefresh brings its
 * animation and gesture libraries (about 24 KiB gzip), so the content shows at once in a plain frame, and the gesture
 * is added once the page has settled and is idle, or at the first touch, whichever comes first (docs/architecture.md,
 * "One fast first load"). Once loaded it stays loaded for every later page.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { PullToRefreshProps } from './pull-to-refresh';

type PullToRefreshComponent = (props: PullToRefreshProps) => ReactNode;

let loaded: PullToRefreshComponent | null = null;
const loadPullToRefresh = () =>
  import('@app/ui/pull-to-refresh').then((module) => (loaded = module.PullToRefresh as PullToRefreshComponent));

/**
 * The gesture loads this long after the content first shows, when the page is next idle (or at the first touch): the
 * page's own first requests and rendering go first.
 */
const SETTLE_MS = 1500;
/** How long an idle callback may wait at most. */
const IDLE_TIMEOUT_MS = 2000;

export interface RefreshOnPullProps {
  onRefresh: () => Promise<unknown>;
  children?: ReactNode;
}

export function RefreshOnPull({ onRefresh, children }: RefreshOnPullProps) {
  const [PullToRefresh, setPullToRefresh] = useState<PullToRefreshComponent | null>(() => loaded);
  useEffect(() => {
    if (PullToRefresh) return;
    let live = true;
    const load = () => {
      void loadPullToRefresh().then((component) => {
        if (live) setPullToRefresh(() => component);
      });
    };
    let idle: number | null = null;
    const timer = window.setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS });
      else load();
    }, SETTLE_MS);
    window.addEventListener('touchstart', load, { once: true, passive: true });
    return () => {
      live = false;
      window.clearTimeout(timer);
      if (idle !== null) window.cancelIdleCallback(idle);
      window.removeEventListener('touchstart', load);
    };
  }, [PullToRefresh]);
  if (!PullToRefresh) return <div className="app-refresh-on-pull">{children}</div>;
  return (
    <PullToRefresh
      onRefresh={async () => void (await onRefresh())}
      pullingText="下拉刷新"
      canReleaseText="释放立即刷新"
      refreshingText="加载中"
      completeText="刷新成功"
    >
      {children}
    </PullToRefresh>
  );
}
