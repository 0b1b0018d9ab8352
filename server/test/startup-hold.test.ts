/**
 * Requests that arrive while the server starts (server/src/http/startup-hold.ts): handed to the app once it is ready,
 * in the order they came; one still waiting after the hold is answered 503 with 服务正在启动 and an error code, never
 * left to be cut without an answer.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from '@rstest/core';
import { ErrorCode } from '@app/contract/error-codes';
import { STARTING_MESSAGE, StartupHold } from '../src/http/startup-hold';

let server: http.Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function holdingServer(hold: StartupHold): Promise<{ url: string; arrived: () => number }> {
  let arrived = 0;
  server = http.createServer((request, response) => {
    arrived++;
    hold.hold(request, response);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, arrived: () => arrived };
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
};

test('held requests go to the app once it is ready, in the order they came', async () => {
  const hold = new StartupHold(60_000);
  const { url, arrived } = await holdingServer(hold);
  const answers = ['first', 'second'].map((name) => fetch(`${url}/api/${name}`, { method: 'POST' }).then((response) => response.text()));
  await until(() => arrived() === 2);
  const order: string[] = [];
  hold.release((request, response) => {
    order.push(request.url ?? '');
    response.end(`app: ${request.url}`);
  });
  expect(await Promise.all(answers)).toEqual(['app: /api/first', 'app: /api/second']);
  expect(order).toEqual(['/api/first', '/api/second']);
});

test('a request still held after the hold is answered 503 with 服务正在启动 and an error code; the app never gets it', async () => {
  const hold = new StartupHold(50);
  const { url } = await holdingServer(hold);
  const response = await fetch(`${url}/api/sysConfig/get`, { method: 'POST' });
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  expect(await response.json()).toEqual({ success: false, result: null, message: STARTING_MESSAGE, errorCode: ErrorCode.Internal });
  const handled: string[] = [];
  hold.release((request) => handled.push(request.url ?? ''));
  expect(handled).toEqual([]);
});
