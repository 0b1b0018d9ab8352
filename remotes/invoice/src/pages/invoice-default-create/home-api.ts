/** The home page's call for the company's counts (`invoice/homeSummary`); a user's own applications: features/applications. */
import { callApi } from '@app/host-sdk/api-client';

export interface HomeSummary {
  /** Customers' applications waiting for review (待审核). */
  applying: number;
  /** Approved, not yet issued (待开票). */
  waiting: number;
  /** Tax-bureau tasks still running. */
  pendingTasks: number;
  issuedThisMonth: number;
  issuedThisMonthFen: number;
}

export function getHomeSummary(): Promise<HomeSummary> {
  return callApi<HomeSummary>('invoice/homeSummary', {});
}
