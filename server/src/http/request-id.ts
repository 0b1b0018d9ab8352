/**
 * Every request has an id: the one a proxy in front sent (`X-Request-Id`, when it is a plain token), or a new UUID.
 * Every log line of the request carries it (Fastify's `reqId`), and the answer says it, so a user's report, the
 * proxy's log and each instance's log can be matched. An id that could forge a log line is never taken.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
const TAKEN_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && TAKEN_ID.test(sent) ? sent : randomUUID();
}

export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Request-Id', request.id);
    return payload;
  });
}
