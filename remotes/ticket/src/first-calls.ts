/**
 * The calls the ticket remote's pages make as they show, which the host page may send before the page asks
 * (`@app/contract/first-calls`; docs/architecture.md, "One fast first load"). Each page's test checks that its first
 * call is the one declared here.
 */
import type { FirstCalls } from '@app/contract/first-calls';
import { appPaths } from '@app/host-sdk/paths';

export const FIRST_CALLS: FirstCalls = {
  [appPaths.ticketIndex]: [{ path: 'ticket/list', body: { page: 1 } }],
};
