/**
 * The test harness for pages (test code only: never a shared module, never imported by the app). `renderPage` renders
 * a page as the host would show it — the UI set up, the session in the store, a router at an address, the host's
 * dialogs mounted — and answers the API at the adapter of the app's one axios instance, so the real `callApi` runs (the
 * no-repeat check, error handling, the envelope's parsing). See this package's README, section "Testing pages".
 */
import { PRIVACY_POLICY_VERSION } from '@app/domain/privacy-policy';
import { Activity, type ReactElement } from 'react';
import { act, render, type RenderResult } from '@testing-library/react';
import { rs } from '@rstest/core';
import { AxiosError, type AxiosAdapter } from 'axios';
import { Provider } from 'jotai';
import { createMemoryRouter, matchPath, RouterProvider, useLocation } from 'react-router-dom';
import { Dialog } from '@app/ui/dialog';
import { setupUi } from '@app/ui/setup';
import { Toast } from '@app/ui/toast';
import type { ApiEnvelope } from './api-client';
import { axiosClient } from './internal/axios-client';
import { DialogHost } from './dialog-host';
import { openDialogAtom } from './dialogs';
import { earlyCalls } from './internal/early-calls-slot';
import { recentCalls } from './internal/recent-calls';
import { savePendingTask, type PendingTaskKind } from './pending-tasks';
import type { RouteHandle, RouteMeta } from './route-meta';
import type { Car, ServicesConfig } from '@app/contract/service';
import type { AnsweredCall, TabFirstScreenModule } from '@app/contract/first-screen';
import type { TaskProgress } from '@app/contract/task';
import type { TaxAccount } from '@app/contract/tax-account';
import type { UserDetail } from '@app/contract/user';
import { carsAtom, servicesConfigAtom, sessionStore, setToken, taxAccountAtom, taxAccountFailedAtom, userDetailAtom } from './session';
import { resetTabBar } from './tab-bar';

// ── The API mock ─────────────────────────────────────────────────────────────────────────────────────────────────

/** No answer at all: the network failed (callApi rejects with 请求失败,请重试 and no error code). */
export interface NoAnswer {
  noAnswer: true;
}
/** An answer that is not the API's envelope: a gateway's own page with its HTTP status (a firewall's 403). */
export interface HttpAnswer {
  httpStatus: number;
  text: string;
}
/** What the server answers one call: an envelope (`ok`, `fail`, `progress`), another page (`httpAnswer`) or nothing (`noAnswer`). */
export type Answer = ApiEnvelope<unknown> | NoAnswer | HttpAnswer;
/** A path's answer: the same every time, or worked out from the body sent (`sequence`, or your own function). */
export type Route = Answer | ((body: Record<string, unknown>) => Answer | Promise<Answer>);

export const ok = (result: unknown = null): Answer => ({ success: true, result, message: null, errorCode: null });
export const fail = (errorCode: number, message: string, result: unknown = null): Answer => ({
  success: false,
  result,
  message,
  errorCode,
});
export const noAnswer = (): Answer => ({ noAnswer: true });
export const httpAnswer = (httpStatus: number, text = ''): Answer => ({ httpStatus, text });
/** A `task/getTaskProcess` answer. */
export const progress = (taskStatus: number, extra: Partial<TaskProgress> = {}): Answer =>
  ok({ taskStatus, failReason: null, extensionData: null, ...extra });

/** Answers in turn, then the last one again and again. */
export function sequence(...answers: Answer[]): (body: Record<string, unknown>) => Answer {
  let next = 0;
  return () => answers[Math.min(next++, answers.length - 1)] as Answer;
}

export interface ApiCall {
  path: string;
  body: Record<string, unknown>;
}

export interface ApiMock {
  /** Every call that reached the server, in order (a call the no-repeat check refused never does). */
  calls: ApiCall[];
  /** The bodies sent to a path, in order. */
  bodiesOf(path: string): Record<string, unknown>[];
  /** Sets (or replaces) the answer of a path. */
  route(path: string, route: Route): void;
}

/**
 * Answers `POST /api/<path>` from `routes` (a path without one answers 4004 没有模拟 <path>) and records every call.
 * The answer goes back as JSON text, so axios parses it as it parses the server's.
 */
export function mockApi(routes: Record<string, Route> = {}): ApiMock {
  const table = new Map<string, Route>(Object.entries(routes));
  const calls: ApiCall[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const path = (config.url ?? '').replace(/^\//, '');
    const body = (config.data ? JSON.parse(String(config.data)) : {}) as Record<string, unknown>;
    calls.push({ path, body });
    const route = table.get(path);
    const answer = route === undefined ? fail(4004, `没有模拟 ${path}`) : typeof route === 'function' ? await route(body) : route;
    if ('noAnswer' in answer) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    if ('httpStatus' in answer) {
      return { data: answer.text, status: answer.httpStatus, statusText: '', headers: { 'content-type': 'text/html' }, config };
    }
    return { data: JSON.stringify(answer), status: 200, statusText: 'OK', headers: { 'content-type': 'application/json' }, config };
  };
  axiosClient.defaults.adapter = adapter;
  return {
    calls,
    bodiesOf: (path) => calls.filter((call) => call.path === path).map((call) => call.body),
    route: (path, route) => void table.set(path, route),
  };
}

// ── The session ──────────────────────────────────────────────────────────────────────────────────────────────────

export const NSRSBH = '91310000MA1FL8XQ3X';
export const USER_ID = 'u-1';

/** The service config of a real (not demo) service open to everyone, at front version 100. */
export function servicesConfig(overrides: Partial<ServicesConfig> = {}): ServicesConfig {
  return {
    id: 1,
    appHotLine: '400',
    etaxAreas: [],
    systemServiceConfig: { available: 'all', closeReason: '' },
    frontVersion: 100,
    demo: false,
    ...overrides,
  };
}

/** A company manager of 上海示例商贸有限公司 who has accepted the agreement. */
export function userDetail(overrides: Partial<UserDetail> = {}): UserDetail {
  return {
    id: USER_ID,
    nickname: '李老板',
    avatarUrl: null,
    company: true,
    companyUser: true,
    companyInfo: {
      id: 'c-1',
      name: '上海示例商贸有限公司',
      qylx: '1',
      businessTypes: [],
      xsfNsrsbh: NSRSBH,
      address: '',
      phone: '',
      bankName: '',
      bankAccount: '',
      code: 'C001',
      roleName: '管理员',
      serviceExpiresAt: '2099-12-31',
    },
    permissions: ['company_manage', 'company_user_role'],
    account: { username: 'li', agreed: true, privacyPolicyVersion: PRIVACY_POLICY_VERSION },
    tester: false,
    ...overrides,
  };
}

/** The company's e-tax account: set up, not logged in, not authenticated today, SMS and QR login. */
export function taxAccount(overrides: Partial<TaxAccount> = {}): TaxAccount {
  return {
    nsrsbh: NSRSBH,
    loginIdentity: '03',
    loginIdentityName: '办税员',
    personName: '张三',
    phone: '138****5678',
    accountState: 1,
    loginState: '未登录',
    expirationTime: null,
    scanFaceState: '未认证',
    scanFaceTime: null,
    supportedLoginMethod: ['smscode', 'qrcode'],
    passwordSet: true,
    ...overrides,
  };
}

// ── The page ─────────────────────────────────────────────────────────────────────────────────────────────────────

export interface PageOptions {
  /** The address the page is opened at (path and query). Default `/`. */
  url?: string;
  /** The route pattern the page is mounted at, e.g. `/shop/:code`. Default: the path of `url`. */
  path?: string;
  /** Addresses visited before `url`, oldest first, so the page can go back. Default: none (opened directly). */
  history?: string[];
  /** The route's meta, what `useRouteMeta()` answers. Default: none. */
  meta?: RouteMeta;
  /** The API's answers by call path (`ok`, `fail`, `noAnswer`, `sequence`, or a function of the body). */
  calls?: Record<string, Route>;
  /** The signed-in user; null when nobody is. Default: `userDetail()`, a company manager. */
  user?: UserDetail | null;
  /** The company's tax account as loaded: undefined (default) not asked yet, null none set up (or the query failed). */
  taxAccount?: TaxAccount | null;
  /** Whether the tax account query failed (only QR login is then offered). Default false. */
  taxAccountFailed?: boolean;
  cars?: Car[];
  servicesConfig?: ServicesConfig | null;
  /** Tasks started earlier and not seen finished (a dialog follows them again). Default: none. */
  pendingTasks?: Partial<Record<PendingTaskKind, string>>;
  /** Answers the page carries for the session, as the server writes them in (its first calls). Default: none. */
  carried?: AnsweredCall[];
}

export interface RenderedPage extends RenderResult {
  api: ApiMock;
  router: ReturnType<typeof createMemoryRouter>;
  /** The address shown now: path, query and hash. */
  url(): string;
}

let uiReady = false;

/** A fresh device and session: nothing stored, no dialog or toast open, no call remembered as recent. */
function startSession(options: PageOptions): void {
  if (!uiReady) setupUi();
  uiReady = true;
  Toast.clear();
  Dialog.clear();
  sessionStore.get(openDialogAtom)?.close(false);
  sessionStore.set(openDialogAtom, null);
  resetTabBar();
  recentCalls.clear();
  localStorage.clear();
  sessionStorage.clear();
  const user = options.user === undefined ? userDetail() : options.user;
  setToken(user ? 'test-token' : null);
  sessionStore.set(userDetailAtom, user);
  sessionStore.set(taxAccountAtom, options.taxAccount);
  sessionStore.set(taxAccountFailedAtom, options.taxAccountFailed ?? false);
  sessionStore.set(carsAtom, options.cars ?? []);
  sessionStore.set(servicesConfigAtom, options.servicesConfig ?? null);
  for (const [kind, id] of Object.entries(options.pendingTasks ?? {})) savePendingTask(kind as PendingTaskKind, id);
  earlyCalls().length = 0;
  for (const call of options.carried ?? []) carry(call, user ? 'test-token' : null);
}

/** A call whose answer the page carries, where the host page's early script leaves it (early-calls.ts). */
function carry({ path, body, result }: AnsweredCall, token: string | null): void {
  const carried = { status: 200, text: JSON.stringify({ success: true, result, message: null, errorCode: null }) };
  const authorization = token ? `Bearer ${token}` : null;
  earlyCalls().push({
    path,
    body: JSON.stringify(body),
    authorization,
    sentAt: performance.now(),
    answer: Promise.resolve(carried),
    carried,
  });
}

/**
 * The page where the host would show it. While the address is elsewhere the page stays mounted but hidden, as the
 * host's page cache keeps it (host/src/layout/AppLayout.tsx), unless its meta says keepAlive: false.
 */
function PageFrame({ page, path, keepAlive }: { page: ReactElement; path: string; keepAlive: boolean }) {
  const here = matchPath(path, useLocation().pathname) !== null;
  return (
    <>
      {here || keepAlive ? <Activity mode={here ? 'visible' : 'hidden'}>{page}</Activity> : null}
      <DialogHost />
    </>
  );
}

/**
 * Renders `page` at `options.url` with the session, the API answers and the host's dialogs of `options`. Returns
 * testing-library's result, the API mock (`api.calls`, `api.bodiesOf(path)`, `api.route(path, answer)`) and the
 * router (`url()` is where the user is now). Call testing-library's `cleanup` after each test.
 */
export function renderPage(page: ReactElement, options: PageOptions = {}): RenderedPage {
  startSession(options);
  const api = mockApi(options.calls);
  const url = options.url ?? '/';
  const path = options.path ?? new URL(url, 'http://localhost').pathname;
  const handle: RouteHandle | undefined = options.meta && { meta: options.meta, owner: 'test' };
  const router = createMemoryRouter(
    [
      {
        element: <PageFrame page={page} path={path} keepAlive={options.meta?.keepAlive ?? true} />,
        // The frame renders the page itself (it stays mounted elsewhere); the routes only say where the user is.
        children: [
          { path, handle, element: null },
          { path: '*', element: null },
        ],
      },
    ],
    { initialEntries: [...(options.history ?? []), url], initialIndex: options.history?.length ?? 0 },
  );
  const result = render(
    <Provider store={sessionStore}>
      <RouterProvider router={router} />
    </Provider>,
  );
  const shown = () => {
    const { pathname, search, hash } = router.state.location;
    return `${pathname}${search}${hash}`;
  };
  return { ...result, api, router, url: shown };
}

/** Moves fake timers (`rs.useFakeTimers()`) on by `ms` and lets React render what they set off. */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    await rs.advanceTimersByTimeAsync(ms);
  });
}

/**
 * Under fake timers (`rs.useFakeTimers()`), runs every pending timer and those they set until none is left, and lets
 * React render what they set off: whatever the page would still do on its own has been done, so a check that something
 * did not happen (no call, no dialog) cannot come too early. Not for a page that polls: its timers never run out.
 */
export async function settle(): Promise<void> {
  await act(async () => {
    await rs.runAllTimersAsync();
  });
}

// ── A first screen painted by the server ─────────────────────────────────────────────────────────────────────────

/** What a first-screen build (`tab-first-screen-server`) renders for `user` at `pathname`, as elements; null: nothing. */
export async function paintFirstScreen(
  module: TabFirstScreenModule,
  pathname: string,
  {
    user,
    taxAccount: account,
    demo = false,
    available = 'all',
    carried = [],
  }: {
    user?: UserDetail;
    taxAccount?: TaxAccount | null;
    demo?: boolean;
    available?: ServicesConfig['systemServiceConfig']['available'];
    /** The address's first calls the page carries answers to. */
    carried?: AnsweredCall[];
  },
): Promise<HTMLElement | null> {
  const answers = [
    ...(user ? [{ path: 'user/getOfficialAccountLoginUserInfo', body: {}, result: user }] : []),
    ...(account === undefined ? [] : [{ path: 'taxAccount/getTaxAccount', body: {}, result: account }]),
    ...carried,
  ];
  const config = { demo, systemServiceConfig: { available, closeReason: '' } };
  const html = await module.render({ pathname, answers, config, userAgent: 'MicroMessenger' });
  if (html === null) return null;
  const painted = document.createElement('div');
  painted.innerHTML = html;
  return painted;
}

/**
 * An element's markup as the server's renderer and the browser's DOM both give it: without what only the server
 * writes (Suspense's comment markers, the router's discovery flag), attributes in one order, inline styles spaced alike.
 */
export function comparableMarkup(element: Element | null): string {
  const styled = (style: string) => style.replace(/\s*([:;])\s*/g, '$1').replace(/;$/, '');
  const markup = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
    if (!(node instanceof Element)) return '';
    const attributes = [...node.attributes]
      .filter((attribute) => attribute.name !== 'data-discover')
      .map((attribute) => ` ${attribute.name}="${attribute.name === 'style' ? styled(attribute.value) : attribute.value}"`)
      .sort()
      .join('');
    return `<${node.localName}${attributes}>${[...node.childNodes].map(markup).join('')}</${node.localName}>`;
  };
  return element ? markup(element) : '';
}
