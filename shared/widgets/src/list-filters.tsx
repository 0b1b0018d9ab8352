/**
 * The filters above a list (发票列表, 收支…): a bar of dropdowns (`FilterBar`, antd-mobile's Dropdown in the app's
 * look, its items `Dropdown.Item` of `@app/ui/dropdown`), each holding one `FilterChoice`: a single choice among
 * options plus 全部 (no filter), where tapping the chosen one again keeps it.
 */
import type { ReactNode, Ref } from 'react';
import { Dropdown, type DropdownRef } from '@app/ui/dropdown';
import { Selector } from '@app/ui/selector';
import styles from './list-filters.module.css';

const ALL = 'all';

export function FilterBar({ children, className, ref }: { children: ReactNode; className?: string; ref?: Ref<DropdownRef> }) {
  return (
    <Dropdown ref={ref} className={[styles.bar, className].filter(Boolean).join(' ')}>
      {children}
    </Dropdown>
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
