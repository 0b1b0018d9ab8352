/**
 * The calls the my remote's pages make as they show, which the host page may send before the page asks
 * (`@app/contract/first-calls`; docs/architecture.md, "One fast first load"). Each page's test checks that its first
 * call is the one declared here.
 */
import type { FirstCalls } from '@app/contract/first-calls';
import { appPaths } from '@app/host-sdk/paths';

export const FIRST_CALLS: FirstCalls = {
  // 我的 shows how many invitations wait for the user's phone, whoever the user is.
  [appPaths.my]: [{ path: 'company/myInvitations', body: {} }],
};
