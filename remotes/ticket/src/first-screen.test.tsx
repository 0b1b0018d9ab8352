/**
 * 票夹's first screen as the server paints it (first-screen.tsx): the page the app draws first from the same answers
 * (the folder's first page the page carries), in the host's frame with the tab bar, for a company's user only.
 */
import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, screen } from '@testing-library/react';
import { comparableMarkup, noAnswer, paintFirstScreen, renderPage, userDetail } from '@app/host-sdk/testing';
import * as firstScreen from './first-screen';
import TicketIndexPage from './pages/ticket-index/TicketIndexPage';
import { TICKET_INDEX_META } from './pages/ticket-index/ticket-index-meta';
import { summary } from './test-support/tickets';

const TOTALS = { count: 2, counted: 2, netFen: 120_000, taxFen: 7_200, grossFen: 127_200 };
const carried = [
  {
    path: 'ticket/list',
    body: { page: 1 },
    result: {
      total: 2,
      list: [summary(), summary({ id: 'ticket-2', number: '25332000000000000031', issueDate: '2026-10-30' })],
      totals: TOTALS,
    },
  },
];

afterEach(cleanup);

describe("票夹's first screen painted by the server", () => {
  test("a company user's: the folder's totals and rows by month as the app draws them first, with the tab bar", async () => {
    const user = userDetail();
    const painted = await paintFirstScreen(firstScreen, '/ticket/index', { user, carried });
    const page = painted?.querySelector('.app-layout > .app-layout__page--first');
    expect(page?.getAttribute('data-page')).toBe(TICKET_INDEX_META.name);
    expect(page?.getAttribute('data-owner')).toBe('ticket');
    expect(page?.querySelector('[data-testid="folder-gross"]')?.textContent).toBe('¥1,272.00');
    expect([...(page?.querySelectorAll('h2.ticket-month') ?? [])].map((heading) => heading.getAttribute('aria-label'))).toEqual([
      '2026年11月',
      '2026年10月',
    ]);
    expect(painted?.querySelector('.app-tab-bar .adm-tab-bar-item-active')?.textContent).toBe('票夹');

    // The app's first render, the months' totals not yet in.
    renderPage(<TicketIndexPage />, { url: '/ticket/index', meta: TICKET_INDEX_META, user, carried, calls: { 'ticket/list': noAnswer() } });
    expect(screen.getByRole('heading', { name: '2026年11月' })).toBeTruthy();
    expect(comparableMarkup(page?.querySelector('.app-page') ?? null)).toBe(comparableMarkup(document.querySelector('.app-page')));
  });

  test("a personal user's, and any other address, are left to the app", async () => {
    const person = userDetail({ company: false, companyUser: false, companyInfo: null, permissions: [] });
    expect(await paintFirstScreen(firstScreen, '/ticket/index', { user: person, carried })).toBeNull();
    expect(await paintFirstScreen(firstScreen, '/ticket/detail', { user: userDetail(), carried })).toBeNull();
  });
});
