/**
 * A checkbox answers a tap from its first paint (src/checkbox.tsx): antd-mobile attaches its input's click listener
 * in an effect, and a tap that comes first (a row's box tapped as soon as the row shows) must not reach nobody.
 */
import { afterEach, expect, test } from '@rstest/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Checkbox } from '../src/checkbox';

function Row({ onChange }: { onChange: (checked: boolean) => void }) {
  const [checked, setChecked] = useState(false);
  return (
    <Checkbox
      checked={checked}
      onChange={(next) => {
        setChecked(next);
        onChange(next);
      }}
    >
      设为默认
    </Checkbox>
  );
}

let root: Root | null = null;
afterEach(() => {
  root?.unmount();
  root = null;
  cleanup();
  document.body.innerHTML = '';
});

test('a tap right after the first paint, before the effects ran, is not lost', async () => {
  const changes: boolean[] = [];
  const container = document.body.appendChild(document.createElement('div'));
  // As a list renders a fetched row: a render outside act, whose effects run in a later task. The tap comes as soon as
  // the row is in the document (a MutationObserver, as testing-library's waitFor watches), before those effects.
  const tapped = new Promise<void>((resolve) => {
    const observer = new MutationObserver(() => {
      const label = container.querySelector('.adm-checkbox-content');
      if (!label) return;
      observer.disconnect();
      fireEvent.click(label);
      resolve();
    });
    observer.observe(container, { childList: true, subtree: true });
  });
  root = createRoot(container);
  root.render(<Row onChange={(checked) => changes.push(checked)} />);
  await tapped;
  await act(async () => {});
  expect(changes).toEqual([true]);
  expect((container.querySelector('input') as HTMLInputElement).checked).toBe(true);
});

test('once shown, a tap changes it once (never twice), and tapping again changes it back', async () => {
  const changes: boolean[] = [];
  render(<Row onChange={(checked) => changes.push(checked)} />);
  fireEvent.click(screen.getByText('设为默认'));
  expect(changes).toEqual([true]);
  fireEvent.click(screen.getByRole('checkbox'));
  expect(changes).toEqual([true, false]);
});

test('a disabled box does not change', () => {
  const changes: boolean[] = [];
  render(
    <Checkbox checked={false} disabled onChange={(checked) => changes.push(checked)}>
      设为默认
    </Checkbox>,
  );
  fireEvent.click(screen.getByText('设为默认'));
  expect(changes).toEqual([]);
});
