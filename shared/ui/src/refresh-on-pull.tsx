/**
 * Pull down to refresh, in Chinese, without its weight on a page's first load: antd-mobile's PullToRefresh brings its
 * animation and gesture libraries (about 24 KiB gzip), so the content shows at once in a plain frame, and the gesture
 * is added once the page has settled and is idle, or at the first touch, whichever comes first (docs/architecture.md,
 * "One fast first load"). Once loaded it stays loaded for every later page.
 *
 * The content is rendered once, into an element of its own (a portal), which the gesture's frame takes in when it
 * arrives: swapping the frame around the children themselves would render them anew (every row of a list a new element,
 * its focus and state lost) seconds after they showed.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
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

/** The element the content is rendered into, for the component's life. */
function useContentElement() {
  const [content] = useState(() => {
    const element = document.createElement('div');
    element.className = 'app-refresh-on-pull__content';
    return element;
  });
  // The element focused in the content when its frame went away: focused again once the next frame holds the content.
  const focused = useRef<HTMLElement | null>(null);
  const place = useCallback(
    (frame: HTMLDivElement) => {
      if (content.parentNode !== frame) frame.appendChild(content);
      const keep = focused.current;
      focused.current = null;
      if (keep?.isConnected && document.activeElement !== keep) keep.focus({ preventScroll: true });
      return () => {
        const active = document.activeElement;
        focused.current = active instanceof HTMLElement && content.contains(active) ? active : null;
      };
    },
    [content],
  );
  return { content, place };
}

/**
 * A first screen the server paints has no document to render the content apart in, nor portals: the content is written
 * where the browser's frame holds it once placed, so the two look alike.
 */
function PaintedRefreshOnPull({ children }: { children?: ReactNode }) {
  return (
    <div className="app-refresh-on-pull">
      <div className="app-refresh-on-pull__content">{children}</div>
    </div>
  );
}

const subscribeNever = () => () => undefined;

export function RefreshOnPull(props: RefreshOnPullProps) {
  // React reads the server's snapshot in a server's render (and while hydrating one, which remounts the content).
  const painted = useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  );
  return painted ? <PaintedRefreshOnPull>{props.children}</PaintedRefreshOnPull> : <BrowserRefreshOnPull {...props} />;
}

function BrowserRefreshOnPull({ onRefresh, children }: RefreshOnPullProps) {
  const [PullToRefresh, setPullToRefresh] = useState<PullToRefreshComponent | null>(() => loaded);
  const { content, place } = useContentElement();
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
  const frame = PullToRefresh ? (
    <PullToRefresh
      onRefresh={async () => void (await onRefresh())}
      pullingText="下拉刷新"
      canReleaseText="释放立即刷新"
      refreshingText="加载中"
      completeText="刷新成功"
    >
      <div ref={place} />
    </PullToRefresh>
  ) : (
    <div className="app-refresh-on-pull" ref={place} />
  );
  return (
    <>
      {frame}
      {createPortal(children, content)}
    </>
  );
}
