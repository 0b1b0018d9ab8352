/** Pull to refresh without its weight on the first load: the content shows at once, the gesture comes at the first touch. */
import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RefreshOnPull } from '../src/refresh-on-pull';

afterEach(cleanup);

describe('RefreshOnPull', () => {
  test('shows its content at once in a plain frame; the first touch adds the pull gesture around the same content', async () => {
    const { container } = render(
      <RefreshOnPull onRefresh={async () => undefined}>
        <p>第一行</p>
      </RefreshOnPull>,
    );
    expect(screen.getByText('第一行')).toBeTruthy();
    expect(container.querySelector('.adm-pull-to-refresh')).toBeNull();
    fireEvent.touchStart(window);
    await waitFor(() => expect(container.querySelector('.adm-pull-to-refresh')).not.toBeNull());
    expect(screen.getByText('第一行')).toBeTruthy();
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
