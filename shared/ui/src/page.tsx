/**
 * The frame of every screen: a NavBar with the page title (also the document title, which WeChat shows in its
 * header) and a scrolling body.
 */
import { useEffect, type ReactNode } from 'react';
import NavBar from 'antd-mobile/es/components/nav-bar';
import './page.css';

export interface PageProps {
  title: string;
  children?: ReactNode;
  /** Hide the back arrow (tab pages). */
  noBack?: boolean;
  /** Defaults to history.back(). */
  onBack?: () => void;
  right?: ReactNode;
}

export function Page({ title, children, noBack = false, onBack, right }: PageProps) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <div className="app-page">
      <NavBar className="app-page__nav" back={noBack ? null : ''} backIcon={!noBack} onBack={onBack ?? (() => history.back())} right={right}>
        {title}
      </NavBar>
      <main className="app-page__body">{children}</main>
    </div>
  );
}
