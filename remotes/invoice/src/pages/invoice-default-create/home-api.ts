/** The home page's call for the company's counts (`invoice/homeSummary`); a user's own applications: features/applications. */
import type { HomeSummary } from '@app/contract/invoice';
import { callApi } from '@app/host-sdk/api-client';
import { useCarriedResult } from '@app/host-sdk/carried-result';

export function getHomeSummary(): Promise<HomeSummary> {
  return callApi('invoice/homeSummary');
}

/** The counts as the page carries them (the home's first call, the server's paint of the home too), read at mount. */
export function useCarriedHomeSummary(): HomeSummary | undefined {
  return useCarriedResult('invoice/homeSummary', {});
}
