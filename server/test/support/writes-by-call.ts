/**
 * Which calls write: every statement the server sends to the database (the `logQuery` of openDatabase) is counted
 * for the call being made when it was sent (an AsyncLocalStorage around the request), and kept when it writes (an
 * insert, update or delete, also inside a WITH, or a row lock taken to write). Requests made outside `during` are not
 * counted, and neither is the task worker's background work unless a call woke it (then it counts for that call).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const WRITES =
  /^\s*(insert|update|delete|merge|truncate)\b|^\s*with\b[\s\S]*\b(insert\s+into|update\s+"?\w+"?\s+set|delete\s+from)\b|\bfor\s+(no\s+key\s+)?update\b/i;

export function isWrite(statement: string): boolean {
  return WRITES.test(statement);
}

export class WritesByCall {
  private readonly calling = new AsyncLocalStorage<string>();
  private readonly writes = new Map<string, string[]>();
  private readonly statements = new Map<string, number>();

  /** For openDatabase's / createTestServer's `logQuery`. */
  readonly logQuery = (statement: string): void => {
    const path = this.calling.getStore();
    if (!path) return;
    this.statements.set(path, (this.statements.get(path) ?? 0) + 1);
    if (isWrite(statement)) this.writes.set(path, [...(this.writes.get(path) ?? []), statement]);
  };

  /** Runs `work` (a request of the call `path`) with what it sends counted for that call. */
  during<T>(path: string, work: () => Promise<T>): Promise<T> {
    return this.calling.run(path, work);
  }

  /** The statements that wrote, of the call. */
  writesOf(path: string): string[] {
    return this.writes.get(path) ?? [];
  }

  /** How many statements the call sent in all. */
  statementsOf(path: string): number {
    return this.statements.get(path) ?? 0;
  }
}
