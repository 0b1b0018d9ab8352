/** The home page's call for the company's counts (`invoice/homeSummary`); a user's own applications: features/applications. */
import type { HomeSummary } from '@app/contract/invoice';
import { callApi } from '@app/host-sdk/api-client';

export function getHomeSummary(): Promise<HomeSummary> {
  return callApi('invoice/homeSummary');
}
