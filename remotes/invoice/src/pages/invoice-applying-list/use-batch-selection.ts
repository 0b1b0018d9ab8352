import { useCallback, useState } from 'react';
import { Toast } from '@app/ui/toast';

export interface BatchSelection {
  /** Selected ids, in the order they were picked. */
  selected: string[];
  isSelected(id: string): boolean;
  toggle(id: string): void;
  /** Selects these (at most `limit`), or clears the selection when they are all selected already. */
  toggleAll(ids: readonly string[]): void;
  /** Keeps only the ids still listed (after a reload). */
  keepOnly(ids: readonly string[]): void;
  clear(): void;
}

/** The rows picked in batch mode: at most `limit`, since the server takes no more in one call. */
export function useBatchSelection(limit: number): BatchSelection {
  const [selected, setSelected] = useState<string[]>([]);
  const tooMany = useCallback(() => Toast.show({ content: `一次最多选择 ${limit} 条` }), [limit]);

  const toggle = (id: string) => {
    if (selected.includes(id)) setSelected(selected.filter((other) => other !== id));
    else if (selected.length >= limit) tooMany();
    else setSelected([...selected, id]);
  };

  const toggleAll = (ids: readonly string[]) => {
    const allSelected = ids.length > 0 && ids.slice(0, limit).every((id) => selected.includes(id));
    if (allSelected) return setSelected([]);
    if (ids.length > limit) tooMany();
    setSelected(ids.slice(0, limit));
  };

  const keepOnly = useCallback((ids: readonly string[]) => {
    const listed = new Set(ids);
    setSelected((current) => (current.every((id) => listed.has(id)) ? current : current.filter((id) => listed.has(id))));
  }, []);

  return {
    selected,
    isSelected: (id) => selected.includes(id),
    toggle,
    toggleAll,
    keepOnly,
    clear: useCallback(() => setSelected([]), []),
  };
}
