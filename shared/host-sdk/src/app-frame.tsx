/**
 * The host's frame around its pages: the visited pages (each kept under an <Activity>), the tab bar, the 演示环境
 * badge and the open dialog. The host's layout draws it in the browser and a tab's first-screen build on the server
 * (`tab-first-screen-server.tsx`), so that the app hydrates the screen the server painted: the same elements in the same
 * places, down to the number of children at each level, which is what React's hydration and `useId` follow
 * (docs/architecture.md, "First screens from the server").
 */
import { Activity, type ReactNode } from 'react';
import { AppTabBar } from './app-tab-bar';
import { DemoBadge } from './demo-badge';
import { DialogHost } from './dialog-host';
import type { RouteHandle } from './route-meta';

export interface FramedPage {
  key: string;
  element: ReactNode;
  handle: RouteHandle | undefined;
}

export interface AppFrameProps {
  /**
   * Rendered in the first page, after its content: its effects run once that page is the app's (hydrated, React
   * hydrating each <Activity> on its own, after the frame).
   */
  firstPageEnd: ReactNode;
  pages: readonly FramedPage[];
  /** The page shown; the others are hidden, their state kept. */
  currentKey: string;
  /** The page the load opened on, shown at once rather than fading in. */
  firstKey: string | null;
  /** A painted page that takes input, inert until the app has hydrated it (nothing typed is lost to hydration). */
  inertKey: string | null;
  tabBar: 'none' | 'still' | 'shown';
}

export function AppFrame({ firstPageEnd, pages, currentKey, firstKey, inertKey, tabBar }: AppFrameProps) {
  return (
    <div className="app-layout">
      {pages.map((page) => (
        <Activity key={page.key} mode={page.key === currentKey ? 'visible' : 'hidden'}>
          <div
            className={page.key === firstKey ? 'app-layout__page app-layout__page--first' : 'app-layout__page'}
            data-page={page.handle?.meta.name}
            data-owner={page.handle?.owner}
            inert={page.key === inertKey}
          >
            {page.element}
            {page.key === firstKey ? firstPageEnd : null}
          </div>
        </Activity>
      ))}
      {tabBar === 'none' ? null : <AppTabBar still={tabBar === 'still'} />}
      <DemoBadge />
      <DialogHost />
    </div>
  );
}
