/**
 * Signing out: the server ends the session (the token stops working everywhere it was copied to), then this device
 * forgets it and every page's state, and the user lands on the sign-in page. When the server cannot be reached the
 * user stays signed in and is told (an ApiError): a token they believe revoked must not live on unknowingly.
 */
import { ApiError, callApi } from './api-client';
import { appHref } from './paths';
import { clearSession } from './session';

export async function signOut(): Promise<void> {
  try {
    await callApi('user/signOut', {}, { handles: true });
  } catch (error) {
    // 1001/1002: the session had already ended; anything else with an answer is the server's refusal to say.
    if (!(error instanceof ApiError) || (error.errorCode !== 1001 && error.errorCode !== 1002)) throw error;
  }
  clearSession();
  // A full load: no page kept alive by the page cache survives with the last user's data.
  window.location.replace(appHref('login'));
}
