/**
 * The frame of every screen: a nav bar with the page title (also the document title, which WeChat shows in its
 * header) and a scrolling body. The bar is antd-mobile's NavBar in its look (its classes and stylesheet) with a real
 * back button: antd-mobile's own marks its left side `role="button"` with no name, even on a tab page without one,
 * which a screen reader announces as an unnamed button.
 *
 * What the back button does is the page owner's (the host's layout, a lean page's frame: PageBackContext), since only
 * it knows whether the page before this one is the app's; without one, history.back().
 */
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import 'antd-mobile/es/components/nav-bar/nav-bar.css';
import { LineIcon } from './line-icon';
import './page.css';

export interface PageProps {
  title: string;
  children?: ReactNode;
  /** Hide the back arrow (tab pages). */
  noBack?: boolean;
  /** Defaults to the page owner's back (PageBackContext). */
  onBack?: () => void;
  right?: ReactNode;
}

const BACK_ARROW = 'M15 4l-8 8 8 8';

/** The back button's action of every page without its own `onBack`, provided by the page owner. */
export const PageBackContext = createContext<() => void>(() => history.back());

export function Page({ title, children, noBack = false, onBack, right }: PageProps) {
  const ownersBack = useContext(PageBackContext);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <div className="app-page">
      <div className="adm-nav-bar app-page__nav">
        <div className="adm-nav-bar-left">
          {noBack ? null : (
            <button type="button" className="adm-nav-bar-back app-page__back" aria-label="返回" onClick={onBack ?? ownersBack}>
              <span className="adm-nav-bar-back-arrow">
                <LineIcon d={BACK_ARROW} strokeWidth={1.6} />
              </span>
            </button>
          )}
        </div>
        <div className="adm-nav-bar-title">{title}</div>
        <div className="adm-nav-bar-right">{right}</div>
      </div>
      <main className="app-page__body">{children}</main>
    </div>
  );
}
