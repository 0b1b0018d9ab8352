/**
 * What a client did wrong, in one Chinese sentence with a status: a body or query that fails its schema (the message
 * names the field), JSON that is not JSON, a body too large or of the wrong type. Used by the API (in its envelope)
 * and by the server's other routes (sign-in pages, simulator controls, files), so every route answers bad input
 * with a clear 4xx, never a 500.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiFailure, ErrorCode } from './api-failure';
import { isDatabaseUnavailable, SERVICE_BUSY_MESSAGE } from '../db/database-unavailable';
import type { FieldErrors } from '@app/contract/error-codes';
import { validationFieldPath, validationMessage } from './validation-messages';

export interface ClientError {
  status: number;
  code: number;
  message: string;
  /** What the API sends as `result` (4000: the refused field, by its path in the body). */
  result?: unknown;
}

export function clientError(error: unknown): ClientError | null {
  if (error instanceof ApiFailure) return { status: error.status, code: error.errorCode, message: error.message, result: error.result };
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.validation?.length) {
    // Each branch of a union reports its own error; the union's (reported last) carries the field's title.
    const reported = (fastifyError.validation.findLast((item) => item.keyword === 'anyOf' || item.keyword === 'oneOf') ??
      fastifyError.validation[0]) as never;
    const message = validationMessage(reported);
    const path = validationFieldPath(reported);
    const result: FieldErrors = { fields: path ? { [path]: message } : {} };
    return { status: 400, code: ErrorCode.InvalidInput, message, result };
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: ErrorCode.InvalidInput, message: '请求体不是有效的 JSON' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: ErrorCode.InvalidInput, message: '请求体过大' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, code: ErrorCode.InvalidInput, message: '请求体长度与 Content-Length 不一致' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: ErrorCode.InvalidInput, message: '请以 application/json 发送请求' };
  }
  if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return { status: fastifyError.statusCode, code: ErrorCode.InvalidInput, message: '请求无效' };
  }
  return null;
}

/** The answer of a route outside the API envelope (JSON): `{ message }` with the client's mistake, or a 500. */
export function refuseWithJson(reply: FastifyReply, error: unknown, request: FastifyRequest): FastifyReply {
  const client = clientError(error);
  if (client) return reply.code(client.status).send({ message: client.message });
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'route failed: the database is unreachable');
    return reply.code(503).send({ message: SERVICE_BUSY_MESSAGE });
  }
  request.log.error({ err: error }, 'route failed');
  return reply.code(500).send({ message: '服务暂时不可用，请稍后重试' });
}
