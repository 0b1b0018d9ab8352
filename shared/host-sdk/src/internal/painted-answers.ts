/**
 * The answers a first screen the server paints is drawn from (`tab-first-screen-server`), for the page's render to
 * read as the browser reads the answers its page carries (`carried-result`). Set for one synchronous render only.
 */
import type { AnsweredCall } from '@app/contract/first-screen';
import { sameBody } from './early-calls-slot';

let painting: readonly AnsweredCall[] | null = null;

/** Runs `render` (synchronous) with `answers` as what the page carries. */
export function paintingFrom<T>(answers: readonly AnsweredCall[], render: () => T): T {
  painting = answers;
  try {
    return render();
  } finally {
    painting = null;
  }
}

/** The answer being painted from for a call of `path` with `body` (JSON text), if a paint is under way and has it. */
export function paintedAnswer(path: string, body: string): AnsweredCall | undefined {
  return painting?.find((call) => call.path === path && sameBody(JSON.stringify(call.body), body));
}
