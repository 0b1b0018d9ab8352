/**
 * The return address of a sign-in, judged by `@app/domain/return-path` (the one judge every hop uses) and emitted with
 * the new session token in its query.
 */
import { withQueryParameter } from '@app/domain/return-path';

/** The judged return path with the new session token (the host stores it and removes it from the address). */
export function withToken(returnPath: string, token: string): string {
  return withQueryParameter(returnPath, 'token', token);
}
