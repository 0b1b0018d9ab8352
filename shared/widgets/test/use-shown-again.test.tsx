import { afterEach, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '@app/host-sdk/testing';
import { useNavigate } from '@app/host-sdk/router';
import { useShownAgain } from '../src/use-shown-again';

afterEach(cleanup);

test('a page kept in the page cache hears each return to it, not its first showing', async () => {
  const shownAgain = rs.fn();
  function Kept() {
    const navigate = useNavigate();
    useShownAgain(shownAgain);
    return (
      <button type="button" onClick={() => navigate('/elsewhere')}>
        离开
      </button>
    );
  }
  const { router } = renderPage(<Kept />, { url: '/kept' });
  expect(shownAgain).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: '离开' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  await router.navigate('/kept');
  await waitFor(() => expect(shownAgain).toHaveBeenCalledTimes(1));
});
