/**
 * Text typed into a painted search box before the app hydrated it is searched for (src/search-bar.tsx): React adopts
 * the input holding the text, and the box reports it as a change, so the state and the screen agree.
 */
import { afterEach, expect, test } from '@rstest/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Activity, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { SearchBar } from '../src/search-bar';

function Search({ changes }: { changes: string[] }) {
  const [keyword, setKeyword] = useState('');
  return (
    <div>
      <SearchBar
        placeholder="搜索购买方名称"
        value={keyword}
        onChange={(value) => {
          changes.push(value);
          setKeyword(value);
        }}
      />
      <p>{keyword ? `搜索「${keyword}」` : '全部'}</p>
    </div>
  );
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  cleanup();
  document.body.innerHTML = '';
});

test('text typed into the painted box before hydration becomes the search once the app hydrates it', async () => {
  const changes: string[] = [];
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(<Search changes={[]} />);
  const painted = screen.getByPlaceholderText('搜索购买方名称') as HTMLInputElement;
  painted.value = '000002';

  const errors: unknown[] = [];
  root = await act(async () => hydrateRoot(container, <Search changes={changes} />, { onRecoverableError: (error) => errors.push(error) }));

  expect(screen.getByPlaceholderText('搜索购买方名称')).toBe(painted);
  expect(painted.value).toBe('000002');
  expect(screen.getByText('搜索「000002」')).toBeTruthy();
  expect(changes).toEqual(['000002']);
  expect(errors).toEqual([]);
});

test('a box drawn by the app, or painted and left alone, reports no change of its own', async () => {
  const drawnChanges: string[] = [];
  render(<Search changes={drawnChanges} />);
  expect(screen.getByText('全部')).toBeTruthy();
  expect(drawnChanges).toEqual([]);
  cleanup();

  const changes: string[] = [];
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(<Search changes={[]} />);
  root = await act(async () => hydrateRoot(container, <Search changes={changes} />));
  expect(screen.getByText('全部')).toBeTruthy();
  expect(changes).toEqual([]);
});

test('a page shown again under an <Activity> does not report the box again', async () => {
  const changes: string[] = [];
  const page = (mode: 'visible' | 'hidden') => (
    <Activity mode={mode}>
      <Search changes={changes} />
    </Activity>
  );
  const { rerender } = render(page('visible'));
  fireEvent.change(screen.getByPlaceholderText('搜索购买方名称'), { target: { value: '杭州' } });
  expect(screen.getByText('搜索「杭州」')).toBeTruthy();
  rerender(page('hidden'));
  rerender(page('visible'));
  expect(screen.getByText('搜索「杭州」')).toBeTruthy();
  expect(changes).toEqual(['杭州']);
});
