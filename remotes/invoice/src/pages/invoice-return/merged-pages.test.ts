import { describe, expect, rs, test } from '@rstest/core';
import { mergedPages, type PageLoader } from './merged-pages';

/** A source answering pages of `size` out of `items`. */
function source(items: number[], size: number): PageLoader<number> & { pages: number[] } {
  const pages: number[] = [];
  const load = async (page: number) => {
    pages.push(page);
    return { list: items.slice((page - 1) * size, page * size), total: items.length };
  };
  return Object.assign(load, { pages });
}

const descending = (a: number, b: number) => b - a;

describe('mergedPages', () => {
  test('pages of the merged order, each source read once per page it needs, the total summed', async () => {
    const evens = source([40, 38, 36, 34, 32, 30, 28, 26], 3);
    const odds = source([39, 25, 23, 21, 19], 3);
    const load = mergedPages([evens, odds], descending, 3);
    expect(await load(1)).toEqual({ list: [40, 39, 38], total: 13 });
    expect(await load(2)).toEqual({ list: [36, 34, 32], total: 13 });
    expect(await load(3)).toEqual({ list: [30, 28, 26], total: 13 });
    expect(await load(4)).toEqual({ list: [25, 23, 21], total: 13 });
    expect(await load(5)).toEqual({ list: [19], total: 13 });
    expect(evens.pages).toEqual([1, 2, 3]);
    expect(odds.pages).toEqual([1, 2]);
  });

  test('page 1 starts over', async () => {
    const only = source([3, 2, 1], 2);
    const load = mergedPages([only], descending, 2);
    expect((await load(1)).list).toEqual([3, 2]);
    expect((await load(2)).list).toEqual([1]);
    expect((await load(1)).list).toEqual([3, 2]);
  });

  test('a failed read loses nothing: the same page asked again comes out whole', async () => {
    const steady = source([10, 8, 6, 4], 2);
    const flaky = rs.fn(source([9, 7, 5, 3], 2));
    const load = mergedPages([steady, flaky], descending, 2);
    expect((await load(1)).list).toEqual([10, 9]);
    flaky.mockRejectedValueOnce(new Error('请求失败'));
    await expect(load(2)).rejects.toThrow('请求失败');
    expect((await load(2)).list).toEqual([8, 7]);
    expect((await load(3)).list).toEqual([6, 5]);
    expect((await load(4)).list).toEqual([4, 3]);
  });

  test('the total is exact once every source is read to its end', async () => {
    const shrunk: PageLoader<number> = async () => ({ list: [5], total: 3 });
    const load = mergedPages([shrunk], descending, 20);
    expect(await load(1)).toEqual({ list: [5], total: 1 });
  });
});
