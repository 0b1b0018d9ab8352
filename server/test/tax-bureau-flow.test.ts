/** The tax-bureau flows through the API and the simulator: SMS login, QR login, face authentication. */
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { DEMO_TAX_NUMBERS } from '../src/db/seed';
import { createTestServer, eventually, type TestServer } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';

interface Progress {
  taskStatus: number;
  failReason: string | null;
  extensionData: string | null;
}

describeEachDatabase('tax-bureau login and face authentication (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    server = await createTestServer(kind);
    token = await server.tokenFor('企业管理员');
    userId = await server.userIdOf('企业管理员');
  });
  afterAll(async () => server.close());

  const progress = async (id: string) => (await server.call<Progress>('task/getTaskProcess', { id }, token)).body.result;
  const waitFor = (id: string, status: number) =>
    eventually(async () => {
      const state = await progress(id);
      return state.taskStatus === status ? state : null;
    });

  test('SMS login: the code arrives in the simulator inbox, a wrong code is refused, the right one logs in', async () => {
    const created = await server.call<{ taskId: string }>(
      'task/createLoginTask',
      { nsrsbh: DEMO_TAX_NUMBERS.trading, userId, loginMethod: '2' },
      token,
    );
    expect(created.body.success).toBe(true);
    const taskId = created.body.result.taskId;

    const again = await server.call<{ taskId: string }>(
      'task/createLoginTask',
      { nsrsbh: DEMO_TAX_NUMBERS.trading, userId, loginMethod: '2' },
      token,
    );
    expect(again.body.errorCode).toBe(2001);
    expect(again.body.result.taskId).toBe(taskId);

    await waitFor(taskId, 2020);
    const sms = await server.app.inject('/etax-sim/api/latest-sms?phone=13800001111');
    const code = sms.json<{ code: string }>().code;
    expect(code).toMatch(/^\d{6}$/);
    const inbox = await server.app.inject('/etax-sim/sms');
    expect(inbox.body).toContain(code);

    const wrong = code === '000000' ? '111111' : '000000';
    expect((await server.call('task/submitLoginTaskSmsCode', { id: taskId, smsCode: wrong }, token)).body.success).toBe(true);
    const refused = await eventually(async () => {
      const state = await progress(taskId);
      return state.taskStatus === 2020 && state.failReason ? state : null;
    });
    expect(refused.failReason).toContain('验证码错误');

    const tooSoon = await server.call('bus/reSendSmsCode', { id: taskId }, token);
    expect(tooSoon.body.errorCode).toBe(2006);
    expect(tooSoon.body.message).toMatch(/请在 \d+ 秒后重新获取验证码/);

    expect((await server.call('task/submitLoginTaskSmsCode', { id: taskId, smsCode: code }, token)).body.success).toBe(true);
    await waitFor(taskId, 1);
    const account = await server.call<{ loginState: string; expirationTime: string }>('taxAccount/getTaxAccount', {}, token);
    expect(account.body.result.loginState).toBe('已登录');
    expect(Date.parse(account.body.result.expirationTime)).toBeGreaterThan(Date.now());
  });

  test('face authentication: refused before login, then a QR whose URL completes it for the day', async () => {
    const face = await server.call<{ taskId: string }>('task/createScanFaceTask', { nsrsbh: DEMO_TAX_NUMBERS.trading, userId }, token);
    expect(face.body.success).toBe(true);
    const waiting = await waitFor(face.body.result.taskId, 3010);
    expect(waiting.extensionData).toMatch(/^data:image\/png;base64,/);
    const scan = await server.app.inject(`/etax-sim/scan/${face.body.result.taskId}`);
    expect(scan.body).toContain('刷脸认证成功');
    await waitFor(face.body.result.taskId, 1);
    const account = await server.call<{ scanFaceState: string }>('taxAccount/getTaxAccount', {}, token);
    expect(account.body.result.scanFaceState).toBe('已认证');
  });

  test('QR login for the taxi company (no SMS), and face refused until logged in', async () => {
    const taxiToken = await server.tokenFor('出租车管理员');
    const taxiUser = await server.userIdOf('出租车管理员');
    const face = await server.call('task/createScanFaceTask', { nsrsbh: DEMO_TAX_NUMBERS.taxi, userId: taxiUser }, taxiToken);
    expect(face.body).toMatchObject({ success: false, errorCode: 2002, message: '请先登录税务局!' });
    const sms = await server.call('task/createLoginTask', { nsrsbh: DEMO_TAX_NUMBERS.taxi, userId: taxiUser, loginMethod: '2' }, taxiToken);
    expect(sms.body.errorCode).toBe(2004);
    const qr = await server.call<{ taskId: string }>(
      'task/createLoginTask',
      { nsrsbh: DEMO_TAX_NUMBERS.taxi, userId: taxiUser, loginMethod: '1' },
      taxiToken,
    );
    const id = qr.body.result.taskId;
    const state = await eventually(async () => {
      const s = (await server.call<Progress>('task/getTaskProcess', { id }, taxiToken)).body.result;
      return s.taskStatus === 2010 ? s : null;
    });
    expect(state.extensionData).toMatch(/^data:image\/png;base64,/);
    await server.app.inject(`/etax-sim/scan/${id}`);
    await eventually(async () => (await server.call<Progress>('task/getTaskProcess', { id }, taxiToken)).body.result.taskStatus === 1);
    const account = await server.call<{ loginState: string }>('taxAccount/getTaxAccount', {}, taxiToken);
    expect(account.body.result.loginState).toBe('已登录');
  });
});
