/**
 * The filters above a list (发票列表, 收支, 票夹…): a bar of menus (`FilterBar` of `FilterMenu`s), each opening one
 * `FilterChoice`: a single choice among options plus 全部 (no filter), where tapping the chosen one again keeps it.
 *
 * The bar is antd-mobile's Dropdown in look and behaviour, but its code — with the popup's animation and gesture
 * libraries, about 17 KiB gzip from the host — loads on the first tap: until then the bar is drawn here with the
 * Dropdown's classes and stylesheet, so a list's first screen does not wait for what only an open menu needs.
 */
import {
  Children,
  isValidElement,
  lazy,
  Suspense,
  useImperativeHandle,
  useState,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import 'antd-mobile/es/components/dropdown/dropdown.css';
import { Button } from '@app/ui/button';
import type { PagedListEmpty } from '@app/ui/paged-list';
import { Selector } from '@app/ui/selector';
import { FilterArrow, type FilterMenuEntry } from './list-filters-parts';
import styles from './list-filters.module.css';

const FilterDropdown = lazy(() => import('./list-filters-dropdown'));

export interface FilterMenuProps {
  /** What the bar shows (the chosen option, or 全部…). */
  title: string;
  /** A filter is set: the title shows in the primary colour. */
  highlight?: boolean;
  /** What opens under the bar (a `FilterChoice`). */
  children: ReactNode;
}

/** One menu of a `FilterBar`, keyed (`key`): read by the bar, never rendered on its own. */
export function FilterMenu(_props: FilterMenuProps): null {
  return null;
}

/** `close()`: closes the open menu (after a choice). */
export interface FilterBarHandle {
  close(): void;
}

function menusOf(children: ReactNode): FilterMenuEntry[] {
  return Children.toArray(children)
    .filter((child): child is ReactElement<FilterMenuProps> => isValidElement(child))
    .map((child) => ({
      key: String(child.key).replace(/^\.\$/, ''),
      title: child.props.title,
      highlight: child.props.highlight ?? false,
      content: child.props.children,
    }));
}

/** The closed bar, drawn before the Dropdown's code is there: a tap opens that menu (and loads it). */
function ClosedBar({ menus, className, onOpen }: { menus: FilterMenuEntry[]; className: string; onOpen(key: string): void }) {
  return (
    <div className={`adm-dropdown ${className}`}>
      <div className="adm-dropdown-nav">
        {menus.map((menu) => (
          <button
            type="button"
            key={menu.key}
            className={`adm-dropdown-item ${styles.closedItem}${menu.highlight ? ' adm-dropdown-item-highlight' : ''}`}
            aria-expanded={false}
            onClick={() => onOpen(menu.key)}
          >
            <span className="adm-dropdown-item-title">
              <span className="adm-dropdown-item-title-text">{menu.title}</span>
              <span className="adm-dropdown-item-title-arrow">
                <FilterArrow />
              </span>
            </span>
          </button>
        ))}
      </div>
    </div>
  );
}

export function FilterBar({ children, className, ref }: { children: ReactNode; className?: string; ref?: Ref<FilterBarHandle> }) {
  const menus = menusOf(children);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  useImperativeHandle(ref, () => ({ close: () => setActiveKey(null) }), []);
  const classes = [styles.bar, className].filter(Boolean).join(' ');
  const open = (key: string) => {
    setOpened(true);
    setActiveKey(key);
  };
  const closed = <ClosedBar menus={menus} className={classes} onOpen={open} />;
  if (!opened) return closed;
  return (
    <Suspense fallback={closed}>
      <FilterDropdown menus={menus} className={classes} activeKey={activeKey} onChange={setActiveKey} />
    </Suspense>
  );
}

export interface FilterChoiceProps<V extends string> {
  options: readonly { value: V; label: string }[];
  /** The chosen option, or null for 全部. */
  value: V | null;
  /** What 全部 says (全部发票). */
  allLabel?: string;
  onPick(value: V | null): void;
}

const ALL = 'all';

export function FilterChoice<V extends string>({ options, value, allLabel = '全部', onPick }: FilterChoiceProps<V>) {
  return (
    <Selector<string>
      className={styles.choice}
      columns={3}
      options={[{ value: ALL, label: allLabel }, ...options]}
      value={[value ?? ALL]}
      onChange={(picked) => {
        const [choice] = picked;
        if (choice === undefined) return;
        onPick(choice === ALL ? null : (choice as V));
      }}
    />
  );
}

/**
 * A filtered list's empty state: with a filter set, `noMatch` (没有符合条件的发票) and 清除筛选; without, `empty` —
 * what the list is for — and its first step when given (导入发票).
 */
export function filteredEmpty({
  filtered,
  noMatch,
  onClear,
  empty,
  first,
}: {
  filtered: boolean;
  noMatch: string;
  onClear(): void;
  empty: string;
  first?: { text: string; onClick(): void };
}): PagedListEmpty {
  if (filtered) {
    return {
      description: noMatch,
      action: (
        <Button color="primary" fill="outline" size="small" onClick={onClear}>
          清除筛选
        </Button>
      ),
    };
  }
  return {
    description: empty,
    ...(first && {
      action: (
        <Button color="primary" size="small" onClick={first.onClick}>
          {first.text}
        </Button>
      ),
    }),
  };
}
