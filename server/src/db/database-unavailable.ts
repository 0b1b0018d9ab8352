/**
 * A database that cannot be reached for a moment (a failover, a restart, its connections cut) is not a bug of the
 * call that met it: the call answers 503 with SERVICE_BUSY_MESSAGE, the pool opens new connections for the next ones,
 * and nothing ends the process (docs/architecture.md, "The server").
 */

export const SERVICE_BUSY_MESSAGE = '服务繁忙，请稍后重试';

/** PostgreSQL's codes of a lost or refused connection: class 08, the shutdown ones, too many connections. */
const UNAVAILABLE_CODES = /^(08...|57P0[1-4]|53300)$/;
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** What node-postgres says of a connection it lost, or could not open in time, with no code. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|not currently accepting connections|the database system is (starting up|shutting down)/i;

/** Whether `error` (or what it was caused by: drizzle wraps the driver's error) is the database being unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.test(code) || NETWORK_CODES.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
