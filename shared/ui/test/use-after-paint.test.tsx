/** What waits for the first screen's paint: nothing at mount, then once a frame has been drawn. */
import { afterEach, expect, test } from '@rstest/core';
import { cleanup, render, screen } from '@testing-library/react';
import { useAfterPaint } from '../src/use-after-paint';

afterEach(cleanup);

function Probe({ load }: { load?: () => Promise<unknown> }) {
  return <p>{useAfterPaint(load) ? '表单' : '占位'}</p>;
}

test('the first screen holds the placeholder; what it stands for comes once a frame has been painted', async () => {
  render(<Probe />);
  expect(screen.getByText('占位')).toBeTruthy();
  expect(await screen.findByText('表单')).toBeTruthy();
});

test('the part’s files are asked for after the paint, before the part is rendered, and once', async () => {
  const asked: string[] = [];
  const load = () => {
    asked.push(screen.getByRole('paragraph').textContent ?? '');
    return Promise.resolve();
  };
  render(<Probe load={load} />);
  expect(asked).toEqual([]);
  expect(await screen.findByText('表单')).toBeTruthy();
  expect(asked).toEqual(['占位']);
});

test('a load that fails still shows the part, whose own loading then says so', async () => {
  render(<Probe load={() => Promise.reject(new Error('网络错误'))} />);
  expect(await screen.findByText('表单')).toBeTruthy();
});
