/**
 * Test support for the dialogs (never imported by the app): answers `POST /api/<path>` from a table through the
 * axios adapter of the one API client, and records every call.
 */
import { afterEach, beforeAll, beforeEach, rs } from '@rstest/core';
import { act, cleanup } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { Dialog } from '@app/ui/dialog';
import { setupUi } from '@app/ui/setup';
import { Toast } from '@app/ui/toast';
import { apiClient, type ApiEnvelope } from '../../api-client';
import { clearPendingTask } from '../../pending-tasks';
import { sessionStore, taxAccountAtom, taxAccountFailedAtom, userDetailAtom, type TaxAccount, type UserDetail } from '../../session';
import type { TaskProgress } from '../../task-polling';

export type Answer = ApiEnvelope<unknown>;
export type Route = Answer | ((body: Record<string, unknown>) => Answer | Promise<Answer>);

export const ok = (result: unknown = null): Answer => ({ success: true, result, message: null, errorCode: null });
export const fail = (errorCode: number, message: string, result: unknown = null): Answer => ({ success: false, result, message, errorCode });
export const progress = (taskStatus: number, extra: Partial<TaskProgress> = {}): Answer => ok({ taskStatus, failReason: null, extensionData: null, ...extra });

/** Answers in turn, then the last one again and again. */
export function sequence(...answers: Answer[]): (body: Record<string, unknown>) => Answer {
  let next = 0;
  return () => {
    const answer = answers[Math.min(next, answers.length - 1)] as Answer;
    next += 1;
    return answer;
  };
}

export interface ApiCall {
  path: string;
  body: Record<string, unknown>;
}

export interface ApiMock {
  calls: ApiCall[];
  /** Sets (or replaces) the answer of a path. */
  route(path: string, route: Route): void;
  /** The bodies sent to a path, in order. */
  bodiesOf(path: string): Record<string, unknown>[];
}

export function mockApi(routes: Record<string, Route>): ApiMock {
  const table = new Map<string, Route>(Object.entries(routes));
  const calls: ApiCall[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const path = (config.url ?? '').replace(/^\//, '');
    const body = (config.data ? JSON.parse(String(config.data)) : {}) as Record<string, unknown>;
    calls.push({ path, body });
    const route = table.get(path);
    const data = route === undefined ? fail(4004, `没有模拟 ${path}`) : typeof route === 'function' ? await route(body) : route;
    return { data, status: 200, statusText: 'OK', headers: {}, config };
  };
  apiClient.defaults.adapter = adapter;
  return {
    calls,
    route: (path, route) => void table.set(path, route),
    bodiesOf: (path) => calls.filter((call) => call.path === path).map((call) => call.body),
  };
}

export const NSRSBH = '91310000MA1FL8XQ3X';
export const USER_ID = 'u-1';

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
    ...overrides,
  };
}

export function userDetail(overrides: Partial<UserDetail> = {}): UserDetail {
  return {
    id: USER_ID,
    nickname: '李老板',
    avatarUrl: null,
    company: true,
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
    permissions: ['company_manage'],
    account: { username: 'li', agreed: false },
    tester: false,
    ...overrides,
  };
}

/** A signed-in company user, no tax account loaded yet, no saved tasks. */
export function resetSession(): void {
  sessionStore.set(userDetailAtom, userDetail());
  sessionStore.set(taxAccountAtom, undefined);
  sessionStore.set(taxAccountFailedAtom, false);
  clearPendingTask('smsLogin');
  clearPendingTask('qrLogin');
  clearPendingTask('face');
}

/** A 1×1 PNG, standing in for the QR code in extensionData. */
export const QR_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/**
 * The set-up every dialog test shares: the UI's React 19 renderer, a fresh session, fake timers that still advance
 * with real time (polls run at 2 s), and nothing left on screen afterwards.
 */
export function useDialogTestSetup(): { advance(ms: number): Promise<void> } {
  beforeAll(() => setupUi());
  beforeEach(() => {
    resetSession();
    rs.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    cleanup();
    Toast.clear();
    Dialog.clear();
    rs.useRealTimers();
  });
  return {
    advance: async (ms) => {
      await act(async () => {
        await rs.advanceTimersByTimeAsync(ms);
      });
    },
  };
}
