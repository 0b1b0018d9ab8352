/**
 * The host's dialogs over a screen the server painted: the server's render has none, so a dialog the start-up opened
 * before the app hydrates that screen (the agreement) is drawn once the screen is the app's, not in the way of it.
 */
import { afterEach, expect, test } from '@rstest/core';
import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { DialogHost } from '../src/dialog-host';
import { openAgreementDialog, openDialogAtom } from '../src/dialogs';
import { sessionStore } from '../src/session';
import { mockApi, ok } from '../src/testing';

afterEach(() => sessionStore.set(openDialogAtom, null));

function Screen() {
  return (
    <main>
      <h1>优税通</h1>
      <DialogHost />
    </main>
  );
}

test('a dialog opened before the painted screen is hydrated: hydrated with no mismatch, the same heading, then the dialog drawn', async () => {
  mockApi({ 'taxAccount/getAgreement': ok({ id: 1, title: '用户授权协议', content: '协议内容' }) });
  void openAgreementDialog();
  const html = renderToString(<Screen />);
  expect(html).toBe('<main><h1>优税通</h1></main>');
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const heading = container.querySelector('h1');
  const errors: unknown[] = [];
  const root = await act(async () => hydrateRoot(container, <Screen />, { onRecoverableError: (error) => errors.push(error) }));
  expect(errors).toEqual([]);
  expect(container.querySelector('h1')).toBe(heading);
  expect(await screen.findByText('用户需知')).toBeTruthy();
  act(() => root.unmount());
  container.remove();
});
