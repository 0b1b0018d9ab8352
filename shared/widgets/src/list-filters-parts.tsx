/** What the filter bar (list-filters.tsx) and its loaded dropdown (list-filters-dropdown.tsx) both draw. */
import type { ReactNode } from 'react';

/** A menu as the bar draws it. */
export interface FilterMenuEntry {
  key: string;
  title: string;
  highlight: boolean;
  content: ReactNode;
}

/** The small triangle antd-mobile's Dropdown draws after a title. */
export function FilterArrow() {
  return (
    <svg width="1em" height="1em" viewBox="0 0 12 8" aria-hidden="true">
      <path d="M0.6 0.8h10.8L6 7.2z" fill="currentColor" />
    </svg>
  );
}
