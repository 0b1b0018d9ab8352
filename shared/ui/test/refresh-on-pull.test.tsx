/** Pull to refresh without its weight on the first load: the content shows at once, the gesture comes at the first touch. */
import { afterEach, describe, expect, test } from '@rstest/core';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RefreshOnPull } from '../src/refresh-on-pull';

afterEach(cleanup);

/** Content with state of its own, which rendering it anew would lose. */
function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      点了 {count} 次
    </button>
  );
}

describe('RefreshOnPull', () => {
  // First: before the gesture's code has loaded, as on a page the server painted.
  test('what a server renders is the plain frame with the content in place, which the browser hydrates as it stands', async () => {
    const list = (
      <RefreshOnPull onRefresh={async () => undefined}>
        <p>第一行</p>
      </RefreshOnPull>
    );
    const html = renderToString(list);
    expect(html).toBe('<div class="app-refresh-on-pull"><div class="app-refresh-on-pull__content"><p>第一行</p></div></div>');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const row = container.querySelector('p');
    const errors: unknown[] = [];
    const root = await act(async () => hydrateRoot(container, list, { onRecoverableError: (error) => errors.push(error) }));
    expect(errors).toEqual([]);
    expect(container.querySelector('p')).toBe(row);
    act(() => root.unmount());
    container.remove();
  });

  test('shows its content at once in a plain frame; the first touch adds the pull gesture around the same content', async () => {
    const { container } = render(
      <RefreshOnPull onRefresh={async () => undefined}>
        <p>第一行</p>
        <Counter />
      </RefreshOnPull>,
    );
    const row = screen.getByText('第一行');
    fireEvent.click(screen.getByRole('button', { name: '点了 0 次' }));
    const button = screen.getByRole('button', { name: '点了 1 次' });
    button.focus();
    expect(container.querySelector('.adm-pull-to-refresh')).toBeNull();
    fireEvent.touchStart(window);
    await waitFor(() => expect(container.querySelector('.adm-pull-to-refresh')).not.toBeNull());
    // The same elements inside the gesture's frame, not new ones: their state and the focus stay.
    expect(screen.getByText('第一行')).toBe(row);
    expect(container.querySelector('.adm-pull-to-refresh')?.contains(row)).toBe(true);
    expect(screen.getByRole('button', { name: '点了 1 次' })).toBe(button);
    expect(document.activeElement).toBe(button);
  });

  test('once loaded, a later list has the gesture from its first render', () => {
    const { container } = render(
      <RefreshOnPull onRefresh={async () => undefined}>
        <p>另一页</p>
      </RefreshOnPull>,
    );
    expect(container.querySelector('.adm-pull-to-refresh')).not.toBeNull();
  });
});
