/** What waits for the first screen's paint: nothing at mount, then once a frame has been drawn. */
import { afterEach, expect, test } from '@rstest/core';
import { cleanup, render, screen } from '@testing-library/react';
import { useAfterPaint } from '../src/use-after-paint';

afterEach(cleanup);

function Probe() {
  return <p>{useAfterPaint() ? '表单' : '占位'}</p>;
}

test('the first screen holds the placeholder; what it stands for comes once a frame has been painted', async () => {
  render(<Probe />);
  expect(screen.getByText('占位')).toBeTruthy();
  expect(await screen.findByText('表单')).toBeTruthy();
});
