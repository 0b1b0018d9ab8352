/**
 * The route guard (docs/product.md, "Screens and the host"), run before every page: takes what the address carries for
 * the session out of it (a sign-in code is exchanged, a token dropped), sends users of a closed service to
 * services-close (and away from it while the service is open), sends signed-out users to sign in, and loads the signed-in user before the first page. The rules
 * are @app/host-sdk's (`page-guard`), which a lean page (`@app/host-sdk/lean-page`) runs too; this is their
 * react-router wrapping. The start-up (bootstrap.tsx) has already taken the first address's at once; the guard takes
 * it from an address navigated to inside the app.
 */
import { replace } from 'react-router-dom';
import {
  ensureUser,
  isServiceClosed,
  servicesCloseHref,
  settleSignIn,
  signedOutStep,
  signingIn,
  takeSessionFromAddress,
} from '@app/host-sdk/page-guard';
import type { RouteMeta } from '@app/host-sdk/route-meta';
import { sameOriginPath } from '@app/domain/return-path';
import { getToken } from '@app/host-sdk/session';

export async function guard(request: Request, meta: RouteMeta): Promise<Response | null> {
  const url = new URL(request.url);
  const path = `${url.pathname}${url.search}`;

  // A sign-in code, a token or the tester flag in the address is taken out of it, without a history entry.
  const cleaned = takeSessionFromAddress(url);
  if (cleaned !== null) return replace(cleaned);
  // A sign-in code's exchange ends (or says why it failed) before anything asks whether the user is signed in.
  if (signingIn()) await settleSignIn();

  if (meta.name !== 'ServicesClose' && isServiceClosed()) return replace(servicesCloseHref(path));
  // An open service has nothing to say there (an old link, a bookmark, 返回 after it reopened): back to where the
  // user was going, judged as every return address is, else home.
  if (meta.name === 'ServicesClose' && !isServiceClosed()) return replace(sameOriginPath(url.searchParams.get('returnUrl')) ?? '/');

  if (!meta.auth) return null;
  if (!getToken()) {
    const step = signedOutStep(path);
    if (step.kind === 'authorize') return step.leaving;
    return meta.name === 'Login' ? null : replace(step.loginHref);
  }
  await ensureUser();
  return null;
}
