/**
 * Test mode only: makes the next call(s) of a path answer with a chosen error, so browser tests can drive every entry
 * of the client's error catalogue (docs/product.md, "Errors") through the real API.
 */
import { ApiFailure, type ErrorCodeValue } from '../http/api-failure';

export interface ForcedFailure {
  path: string;
  errorCode: number;
  message: string;
  /** How many calls fail (default 1). */
  times: number;
}

export class ForcedFailures {
  private readonly queue: ForcedFailure[] = [];

  add(failure: ForcedFailure): void {
    this.queue.push(failure);
  }

  /** Drops the failures queued for `path` (tests running side by side each clear only their own), or all. */
  clear(path?: string): void {
    for (let index = this.queue.length - 1; index >= 0; index--) {
      if (path === undefined || this.queue[index]?.path === path) this.queue.splice(index, 1);
    }
  }

  /** Throws the failure queued for this path, if any. */
  check(path: string): void {
    const failure = this.queue.find((entry) => entry.path === path);
    if (!failure) return;
    failure.times -= 1;
    if (failure.times <= 0) this.queue.splice(this.queue.indexOf(failure), 1);
    throw new ApiFailure(failure.errorCode as ErrorCodeValue, failure.message);
  }
}
