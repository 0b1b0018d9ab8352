/**
 * A full-page status: a line icon, a title, a sentence and actions (not-found, module unavailable, service closed,
 * a page still to come). Lighter than antd-mobile's ErrorBlock, whose module inlines every illustration: status pages
 * are part of the host's first load, since they must render when other files cannot be fetched.
 */
import type { ReactNode } from 'react';
import { LineIcon } from './line-icon';
import './status-view.css';

/**
 * One drawing per kind of state, so that each reads at a glance: nothing yet (empty), no answer (disconnected), the
 * server failed (error), not for this user (refused), nothing there (notFound), closed, still to come (building).
 */
export type StatusIcon = 'empty' | 'disconnected' | 'error' | 'refused' | 'notFound' | 'closed' | 'building';

const ICON_PATHS: Record<StatusIcon, string> = {
  empty: 'M10 34h28 M14 34l4-18h12l4 18 M20 22h8 M24 10v4',
  disconnected: 'M8 20a22 22 0 0 1 32 0 M14 26a14 14 0 0 1 20 0 M20 32a6 6 0 0 1 8 0 M10 10l28 28',
  error: 'M24 8l18 32H6z M24 19v10 M24 34v.5',
  refused: 'M13 22h22v17H13z M17 22v-5a7 7 0 0 1 14 0v5 M24 28v5',
  notFound: 'M21 8a13 13 0 1 0 0 26 13 13 0 0 0 0-26z M30.5 30.5l9 9 M17 17l8 8 M25 17l-8 8',
  closed: 'M24 8a16 16 0 1 0 0 32 16 16 0 0 0 0-32z M24 16v9l6 4',
  building: 'M10 38h28 M14 38V20l10-8 10 8v18 M20 38v-8h8v8',
};

export interface StatusViewProps {
  icon: StatusIcon;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}

export function StatusView({ icon, title, description, children }: StatusViewProps) {
  return (
    <section className="app-status" aria-label={title} data-icon={icon}>
      <LineIcon className="app-status__icon" d={ICON_PATHS[icon]} size={48} strokeWidth={2.4} />
      <h2 className="app-status__title">{title}</h2>
      {description ? <p className="app-status__description">{description}</p> : null}
      {children ? <div className="app-status__actions">{children}</div> : null}
    </section>
  );
}
