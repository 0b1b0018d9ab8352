/**
 * Pull down to refresh, in Chinese, without its weight on a page's first load: antd-mobile's PullToRefresh brings its
 * animation and gesture libraries (about 24 KiB gzip), so the content shows at once in a plain frame, and the gesture
 * is added once the page has settled and is idle, or at the first touch, whichever comes first (docs/architecture.md,
 * "One fast first load"). Once loaded it stays loaded for every later page.
 *
 * The content is rendered in place, in an element of its own, and that element is moved into the gesture's frame when
 * the frame arrives: swapping the frame around the children themselves would render them anew (every row of a list a
 * new element, its focus and state lost) seconds after they showed. In place, it is also what a server's render
 * writes, so a screen the server painted is hydrated as it stands. React keeps the element as its own child: only
 * what is inside it changes, and the frame around it never goes while the content stays.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
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

/** Moves `content` into `place`, keeping the focus of an element in it (a node moved in the document loses it). */
function moveKeepingFocus(content: HTMLElement, place: HTMLElement): void {
  if (content.parentNode === place) return;
  const active = content.ownerDocument.activeElement;
  const focused = active instanceof HTMLElement && content.contains(active) ? active : null;
  place.appendChild(content);
  if (focused?.isConnected && content.ownerDocument.activeElement !== focused) focused.focus({ preventScroll: true });
}

/** The gesture's code, loaded once the page has settled and is idle, or at the first touch. */
function usePullToRefresh(): PullToRefreshComponent | null {
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
  return PullToRefresh;
}

export function RefreshOnPull({ onRefresh, children }: RefreshOnPullProps) {
  const PullToRefresh = usePullToRefresh();
  const home = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  // The content goes into the gesture's frame as it mounts, and back home should the frame go first.
  const place = useCallback((frame: HTMLDivElement) => {
    if (content.current) moveKeepingFocus(content.current, frame);
    return () => {
      if (content.current && home.current && content.current.parentNode === frame) moveKeepingFocus(content.current, home.current);
    };
  }, []);
  return (
    <div className="app-refresh-on-pull" ref={home}>
      <div className="app-refresh-on-pull__content" ref={content}>
        {children}
      </div>
      {PullToRefresh ? (
        <PullToRefresh
          onRefresh={async () => void (await onRefresh())}
          pullingText="下拉刷新"
          canReleaseText="释放立即刷新"
          refreshingText="加载中"
          completeText="刷新成功"
        >
          <div ref={place} />
        </PullToRefresh>
      ) : null}
    </div>
  );
}
