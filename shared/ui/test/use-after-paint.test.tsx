/** What waits for the first screen's paint: nothing at mount, then once a frame has been drawn. */
import { afterEach, expect, test } from '@rstest/core';
import { cleanup, render, screen } from '@testing-library/react';
import { loadInTurn, useAfterPaint } from '../src/use-after-paint';

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

test('loads in turn start one task after another, download together, and give the last one’s module', async () => {
  const started: string[] = [];
  const arrivals: Array<() => void> = [];
  const load = (name: string) => () => {
    started.push(name);
    return new Promise<string>((resolve) => arrivals.push(() => resolve(name)));
  };
  const loading = loadInTurn([load('表单库'), load('选择器')], load('快速开票'));
  // The first starts at once; the next only in a later task.
  expect(started).toEqual(['表单库']);
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => setTimeout(resolve, 0));
  // All started before any arrived: they download together.
  expect(started).toEqual(['表单库', '选择器', '快速开票']);
  for (const arrive of arrivals) arrive();
  expect(await loading).toBe('快速开票');
});

test('loads in turn fail when any of them fails', async () => {
  const loading = loadInTurn([() => Promise.reject(new Error('网络错误'))], () => Promise.resolve('快速开票'));
  await expect(loading).rejects.toThrow('网络错误');
});
