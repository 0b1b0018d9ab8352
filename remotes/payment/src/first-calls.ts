/**
 * The calls the payment remote's pages make as they show, which the host page may send before the page asks
 * (`@app/contract/first-calls`; docs/architecture.md, "One fast first load"). Each page's test checks that its first
 * call is the one declared here.
 */
import type { FirstCalls } from '@app/contract/first-calls';
import { appPaths } from '@app/host-sdk/paths';

export const FIRST_CALLS: FirstCalls = {
  // 收支 opens on this month (in China's time), every type and channel.
  [appPaths.paymentList]: [{ path: 'payment/list', body: { month: '$chinaMonth', page: 1 } }],
};
