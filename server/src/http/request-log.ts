/** The server's request log: one line per answered request, with no secret in it. */
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/**
 * Never log a session token: not from the Authorization header, nor from a `?token=` in the address; nor the code
 * and state of a sign-in callback, nor the one-time sign-in code (`?signin=`) a sign-in returns to the app with. (The
 * exchange of that code carries it and the verifier in its body, which is never logged.)
 */
function stripSecrets(url: string): string {
  return url.replace(/([?&](?:token|code|auth_code|state|signin)=)[^&#]*/g, '$1[redacted]');
}

/**
 * One log line per request, when it is answered (method, address, status, time), instead of Fastify's two (one when
 * it arrives, one when it is answered): the same facts at half the cost, on the hot path of every poll.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** The logger's options (level from LOG_LEVEL, to `stream` when given), or false for no log. */
export function requestLogger(
  enabled: boolean | undefined,
  stream: { write(line: string): void } | undefined,
): FastifyServerOptions['logger'] {
  if (!enabled) return false;
  return {
    level: process.env.LOG_LEVEL ?? 'info',
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: { req: (request) => ({ method: request.method, url: stripSecrets(request.url), remoteAddress: request.ip }) },
    ...(stream && { stream }),
  };
}
