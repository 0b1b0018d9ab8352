/**
 * A list the user adds to (抬头, 商品, 子码, 员工): a PagedList whose empty state offers the way to add, and, once the
 * list has rows, the same button in a BottomBar. Without `add` (a user who may not add) it offers neither.
 */
import { useState } from 'react';
import { Button } from '@app/ui/button';
import { PagedList, type PagedListProps } from '@app/ui/paged-list';
import type { PagedResult } from '@app/ui/paging';
import { BottomBar } from './bottom-bar';

export interface AddableListProps<T> extends Omit<PagedListProps<T>, 'empty' | 'load'> {
  /** One page of the list, for the keyword searched now. */
  load: (page: number) => Promise<PagedResult<T>>;
  /** What the list is searched for now; '' (the default) shows it all. */
  keyword?: string;
  /** What the list says when it is empty (the add button under it). */
  emptyText: string;
  /** What it says when a search found nothing. */
  notFoundText?: string;
  /** The way to add (新增抬头); absent for a user who may not add. */
  add?: { text: string; onAdd: () => void };
}

export function AddableList<T>({ load, keyword = '', emptyText, notFoundText = '没有找到相关结果', add, ...rest }: AddableListProps<T>) {
  /** How many rows the whole list has, once known: the bottom button gives way to the empty state's own. */
  const [total, setTotal] = useState<number | null>(null);
  const counted = async (page: number) => {
    const result = await load(page);
    if (page === 1 && !keyword) setTotal(result.total);
    return result;
  };
  const empty = keyword
    ? { description: notFoundText }
    : {
        description: emptyText,
        ...(add && {
          action: (
            <Button color="primary" onClick={add.onAdd}>
              {add.text}
            </Button>
          ),
        }),
      };
  return (
    <>
      <PagedList<T> {...rest} load={counted} empty={empty} />
      {add && total !== 0 ? (
        <BottomBar>
          <Button block color="primary" size="large" onClick={add.onAdd}>
            {add.text}
          </Button>
        </BottomBar>
      ) : null}
    </>
  );
}
