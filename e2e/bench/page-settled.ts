/**
 * Waiting for a navigation inside the app to be over, for the benches that weigh what it fetched: after an in-app
 * navigation (history.pushState) Playwright's load states are those of the first load, long past, so a bench waits
 * for the page the route shows, then for the last request the page has in flight to be answered.
 */
import type { Page, Request } from '@playwright/test';
import { until } from '../support/wait';

/** Counts the page's requests in flight that started from now on. */
export function requestsInFlight(page: Page): () => number {
  const inFlight = new Set<Request>();
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return () => inFlight.size;
}

/**
 * Resolves once the shown page is the route's (`data-page`, the page name of its meta), `shows` is on it where given
 * (a part the page loads after its first screen), and no request is in flight.
 */
export async function pageSettled(page: Page, inFlight: () => number, pageName: string, shows?: string): Promise<void> {
  const shown = page.locator(`.app-layout__page[data-page="${pageName}"]:visible`);
  await shown.waitFor();
  if (shows) await shown.getByText(shows).first().waitFor();
  await until(`${pageName}: no request in flight`, async () => inFlight() === 0);
}
