/**
 * antd-mobile's SearchBar, keeping what was typed into a painted screen's search box before the app hydrated it
 * (docs/architecture.md, "The app hydrates a tab's screen"). React adopts the painted input as it stands, the typed
 * text included, but its state still holds the painted value and no change is reported: the box showed the text while
 * the list was not searched. On its first commit, before anything can draw the input again, the box reports what it
 * holds as a change. Controlled boxes only (every one in this app): an uncontrolled one keeps its state inside
 * antd-mobile.
 */
import AntdSearchBar, { type SearchBarProps, type SearchBarRef } from 'antd-mobile/es/components/search-bar';
import { type Ref, useImperativeHandle, useLayoutEffect, useRef } from 'react';

export function SearchBar({ ref, ...props }: SearchBarProps & { ref?: Ref<SearchBarRef> }) {
  const own = useRef<SearchBarRef>(null);
  useImperativeHandle(ref, () => own.current as SearchBarRef, []);
  // Once only: a page kept under an <Activity> runs its layout effects again each time it is shown.
  const adopted = useRef(false);
  useLayoutEffect(() => {
    if (adopted.current) return;
    adopted.current = true;
    const held = own.current?.nativeElement?.value;
    if (props.value !== undefined && held !== undefined && held !== props.value) props.onChange?.(held);
  });
  return <AntdSearchBar ref={own} {...props} />;
}

export type { SearchBarProps, SearchBarRef } from 'antd-mobile/es/components/search-bar';
