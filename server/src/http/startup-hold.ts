/**
 * The requests that arrive while the server starts (its database opening, start-server.ts): each is held until the app
 * takes over, at most `holdMs`, and then answered 503 with the envelope's 服务正在启动 rather than left to a socket or
 * proxy time-out that would cut it without an answer (docs/architecture.md, "The server").
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode, failed } from './api-failure';

export const STARTING_MESSAGE = '服务正在启动，请稍后重试';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export class StartupHold {
  private readonly held = new Map<ServerResponse, { request: IncomingMessage; timer: NodeJS.Timeout }>();

  constructor(private readonly holdMs: number) {}

  hold(request: IncomingMessage, response: ServerResponse): void {
    const timer = setTimeout(() => {
      this.held.delete(response);
      response
        .writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '5' })
        .end(JSON.stringify(failed(ErrorCode.Internal, STARTING_MESSAGE)));
    }, this.holdMs);
    this.held.set(response, { request, timer });
    // A client that gave up is no longer waited for.
    response.once('close', () => {
      clearTimeout(timer);
      this.held.delete(response);
    });
  }

  /** Hands every request still held to the app, in the order they came. */
  release(handler: Handler): void {
    for (const [response, { request, timer }] of [...this.held]) {
      clearTimeout(timer);
      this.held.delete(response);
      handler(request, response);
    }
  }
}
