/**
 * The calls the invoice remote's pages make as they show, which the host page may send before the page asks
 * (`@app/contract/first-calls`; docs/architecture.md, "One fast first load"). Each page's test checks that its first
 * call is the one declared here.
 */
import type { FirstCalls } from '@app/contract/first-calls';
import { appPaths } from '@app/host-sdk/paths';
import { paths } from './paths';

export const FIRST_CALLS: FirstCalls = {
  // A company user's home shows the company's counts; anyone else's home asks nothing of it.
  [appPaths.home]: [{ path: 'invoice/homeSummary', body: {}, for: 'companyUser' }],
  [paths.invoiceList]: [{ path: 'invoice/list', body: { page: 1 } }],
};
