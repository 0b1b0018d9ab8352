/**
 * The return address of a sign-in, judged by `@app/domain/return-path` (the one judge every hop uses) and emitted with
 * the one-time sign-in code in its query (`signin`), never the session token (see sign-in-codes.ts).
 */
import { withQueryParameter } from '@app/domain/return-path';

/**
 * The judged return path with the new sign-in code (the browser takes it out of the address and exchanges it); a
 * `token` the path carried is not carried on.
 */
export function withSignInCode(returnPath: string, code: string): string {
  const url = new URL(returnPath, 'http://return-url.invalid');
  url.searchParams.delete('token');
  return withQueryParameter(`${url.pathname}${url.search}${url.hash}`, 'signin', code);
}
