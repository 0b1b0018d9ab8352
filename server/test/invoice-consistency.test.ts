/**
 * Invoices where a naive server goes wrong: an approval and a rejection at the same moment, a bureau that issues after
 * the worker stopped waiting, a request serial reused for another kind of request, dates no calendar has, and the
 * agreement gate, which the server keeps too, not only the screens.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@rstest/core';
import { and, eq } from 'drizzle-orm';
import { PRIVACY_POLICY_VERSION } from '@app/domain/privacy-policy';
import { agreementAcceptances } from '../src/db/schema/agreements';
import { goods, memberships } from '../src/db/schema/companies';
import { simInvoices } from '../src/db/schema/etax-simulator';
import { invoiceApplications, invoices } from '../src/db/schema/invoices';
import { tasks } from '../src/db/schema/tasks';
import { taxAccounts } from '../src/db/schema/tax-accounts';
import { SERIAL_REUSED } from '../src/invoices/create-invoices';
import { expectRefused } from './support/call-kit';
import { PLAIN_BUYER } from './support/invoice-fixtures';
import { createTestServer, eventually, type TestServer } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';

const BUYER = PLAIN_BUYER;
const STEP_TIMEOUT_MS = 600;

let serial = 0;
const nextSerial = () => `consistency-${Date.now()}-${++serial}`;

describeEachDatabase('invoice consistency (%s)', (kind) => {
  let server: TestServer;
  let merchant: string;
  let customer: string;
  let companyId: string;
  let goodsId: string;

  beforeAll(async () => {
    server = await createTestServer(kind, {
      worker: { enabled: true, pollMs: 20, stepTimeoutMs: STEP_TIMEOUT_MS, leaseMs: 3000, batch: 8 },
    });
    await server.acceptAgreement('企业管理员');
    merchant = await server.tokenFor('企业管理员');
    customer = await server.tokenFor('普通用户');
    const [membership] = await server.database.db
      .select()
      .from(memberships)
      .where(eq(memberships.userId, await server.userIdOf('企业管理员')));
    companyId = membership!.companyId;
    const [item] = await server.database.db
      .select()
      .from(goods)
      .where(and(eq(goods.companyId, companyId), eq(goods.name, '软件技术服务')));
    goodsId = item!.id;
  });
  afterEach(async () => {
    await server.app.inject({ method: 'POST', url: '/etax-sim/fault', payload: { mode: 'none' } });
  });
  afterAll(async () => server.close());

  const setReady = (ready: boolean) =>
    server.database.db
      .update(taxAccounts)
      .set({ expirationTime: ready ? new Date(Date.now() + 3600_000) : null, scanFaceTime: ready ? new Date() : null })
      .where(eq(taxAccounts.companyId, companyId));
  const blue = (requestSerial = nextSerial()) =>
    server.call<{ taskId: string; invoiceId: string }>(
      'task/createBlueInvoiceTask',
      {
        requestSerial,
        type: '数电普票',
        buyer: BUYER,
        lines: [{ goodsId, quantity: null, grossFen: 10_600, rate: 60 }],
        remarks: '',
        deliverPhone: '',
        deliverEmail: '',
      },
      merchant,
    );
  const invoiceRow = async (id: string) => (await server.database.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
  const taskRow = async (id: string) => (await server.database.db.select().from(tasks).where(eq(tasks.id, id)))[0]!;
  const settled = (invoiceId: string) =>
    eventually(async () => {
      const row = await invoiceRow(invoiceId);
      return row.status !== '开具中' ? row : null;
    }, 20_000);

  describe('approve and reject are compare-and-set', () => {
    const apply = async () => {
      const answer = await server.call<{ id: string }>(
        'invoiceApplication/submit',
        { companyCode: 'YST0001', buyer: BUYER, grossFen: 8_800 },
        customer,
      );
      expect(answer.body.success).toBe(true);
      return answer.body.result.id;
    };
    const application = async (id: string) =>
      (await server.database.db.select().from(invoiceApplications).where(eq(invoiceApplications.id, id)))[0]!;

    test('a rejected application cannot be approved (nothing is issued), and an approved one cannot be rejected', async () => {
      await setReady(true);
      const rejected = await apply();
      expect((await server.call('invoiceApplication/reject', { id: rejected, reason: '金额有误' }, merchant)).body.success).toBe(true);
      expectRefused(await server.call('invoiceApplication/approve', { ids: [rejected] }, merchant), 409, '不能', 2005);
      expect(await server.database.db.select().from(invoices).where(eq(invoices.applicationId, rejected))).toEqual([]);

      const approved = await apply();
      expect((await server.call('invoiceApplication/approve', { ids: [approved] }, merchant)).body.success).toBe(true);
      expectRefused(await server.call('invoiceApplication/reject', { id: approved, reason: '晚了' }, merchant), 409, '不能拒绝', 2005);
      expect((await application(approved)).status).not.toBe('已拒绝');
    });

    test('approve and reject at the same moment: exactly one wins, and what is stored agrees with the winner', async () => {
      await setReady(true);
      for (let round = 0; round < 8; round++) {
        const id = await apply();
        const [approve, reject] = await Promise.all([
          server.call('invoiceApplication/approve', { ids: [id] }, merchant),
          server.call('invoiceApplication/reject', { id, reason: '同时拒绝' }, merchant),
        ]);
        expect([approve.body.success, reject.body.success].filter(Boolean)).toHaveLength(1);
        const loser = approve.body.success ? reject : approve;
        expect(loser.body.errorCode).toBe(2005);
        expect(loser.body.message).toContain('请刷新后查看');
        const row = await application(id);
        const issued = await server.database.db.select().from(invoices).where(eq(invoices.applicationId, id));
        if (reject.body.success) {
          expect(row.status).toBe('已拒绝');
          expect(row.invoiceId).toBeNull();
          expect(issued).toEqual([]);
        } else {
          expect(row.status).not.toBe('已拒绝');
          expect(issued).toHaveLength(1);
          expect(row.invoiceId).toBe(issued[0]!.id);
        }
      }
    });

    test('a batch with one application decided meanwhile approves none of them', async () => {
      await setReady(true);
      const [first, second] = [await apply(), await apply()];
      await server.call('invoiceApplication/reject', { id: second, reason: '重复申请' }, merchant);
      expectRefused(await server.call('invoiceApplication/approve', { ids: [first, second] }, merchant), 409, undefined, 2005);
      expect((await application(first)).status).toBe('待审核');
      expect(await server.database.db.select().from(invoices).where(eq(invoices.applicationId, first))).toEqual([]);
    });
  });

  describe('an issue the bureau finished after the worker stopped waiting', () => {
    test('a step that timed out is settled with the bureau before it fails: the invoice is issued with its number', async () => {
      await setReady(true);
      // The bureau takes longer than a step may: the worker gives up waiting, the bureau issues anyway.
      await server.app.inject({ method: 'POST', url: '/etax-sim/fault', payload: { mode: 'slow', delayMs: STEP_TIMEOUT_MS * 2 } });
      await server.app.worker!.stop();
      const created = (await blue()).body.result;
      await server.database.db.update(tasks).set({ maxAttempts: 1 }).where(eq(tasks.id, created.taskId));
      server.app.worker!.start();
      const invoice = await settled(created.invoiceId);
      expect(invoice.status).toBe('已开具');
      const [issued] = await server.database.db.select().from(simInvoices).where(eq(simInvoices.ref, created.taskId));
      expect(invoice.number).toBe(issued!.number);
      expect((await taskRow(created.taskId)).status).toBe(1);
    });

    test('a bureau that never received the request: the task fails, without waiting forever', async () => {
      await setReady(true);
      await server.app.inject({ method: 'POST', url: '/etax-sim/fault', payload: { mode: 'hang' } });
      await server.app.worker!.stop();
      const created = (await blue()).body.result;
      await server.database.db.update(tasks).set({ maxAttempts: 1 }).where(eq(tasks.id, created.taskId));
      server.app.worker!.start();
      const invoice = await settled(created.invoiceId);
      expect(invoice.status).toBe('开具失败');
      expect(await server.database.db.select().from(simInvoices).where(eq(simInvoices.ref, created.taskId))).toEqual([]);
    });

    test('retrying a failed task first asks the bureau: an invoice it issued under the serial is recorded, not issued again', async () => {
      await setReady(false);
      const created = (await blue()).body.result;
      expect((await settled(created.invoiceId)).status).toBe('开具失败');
      // Meanwhile the bureau's records show the invoice issued under this task's ref.
      const number = `26331${String(Date.now()).slice(-15).padStart(15, '0')}`;
      await server.database.db.insert(simInvoices).values({ ref: created.taskId, kind: 'blue', number });
      await setReady(true);
      expect((await server.call('task/retryTask', { id: created.taskId }, merchant)).body.success).toBe(true);
      const invoice = await settled(created.invoiceId);
      expect(invoice).toMatchObject({ status: '已开具', number });
      expect(await server.database.db.select().from(simInvoices).where(eq(simInvoices.ref, created.taskId))).toHaveLength(1);
    });
  });

  describe('a request serial belongs to one request', () => {
    test("a red invoice reusing a blue invoice's serial is refused, not answered with the blue task", async () => {
      await setReady(true);
      const requestSerial = nextSerial();
      const original = (await blue(requestSerial)).body.result;
      expect((await settled(original.invoiceId)).status).toBe('已开具');
      const reused = await server.call(
        'task/createRedInvoiceTask',
        { requestSerial, blueInvoiceId: original.invoiceId, reason: '01' },
        merchant,
      );
      expectRefused(reused, 400, SERIAL_REUSED);
      const redSerial = nextSerial();
      const red = await server.call<{ taskId: string }>(
        'task/createRedInvoiceTask',
        { requestSerial: redSerial, blueInvoiceId: original.invoiceId, reason: '02', lines: [{ lineNo: 1, grossFen: 100 }] },
        merchant,
      );
      expect(red.body.success).toBe(true);
      // The same red request again answers the same task; the serial for another blue invoice is refused.
      const again = await server.call<{ taskId: string }>(
        'task/createRedInvoiceTask',
        { requestSerial: redSerial, blueInvoiceId: original.invoiceId, reason: '02', lines: [{ lineNo: 1, grossFen: 100 }] },
        merchant,
      );
      expect(again.body.result.taskId).toBe(red.body.result.taskId);
      const other = (await blue()).body.result;
      await settled(other.invoiceId);
      expectRefused(
        await server.call(
          'task/createRedInvoiceTask',
          { requestSerial: redSerial, blueInvoiceId: other.invoiceId, reason: '01' },
          merchant,
        ),
        400,
        SERIAL_REUSED,
      );
      expectRefused(await blue(redSerial), 400, SERIAL_REUSED);
    });
  });

  describe('dates', () => {
    test('invoice/list refuses months no calendar of the product has, with a clear message, never a 500', async () => {
      for (const month of ['0000-01', '0001-01', '1999-12', '2100-01', '2026-00', '2026-13', '2026-1', '２０２６-01']) {
        expectRefused(await server.call('invoice/list', { month }, merchant), 400, '月份(month) 格式不正确');
      }
      expect((await server.call('invoice/list', { month: '2026-11' }, merchant)).body.success).toBe(true);
      for (const issueDate of ['0000-01-01', '2026-2-30', '2026-13-01', '2026-01-32']) {
        expectRefused(
          await server.call('invoice/findBlue', { number: '26332000000000000001', issueDate }, merchant),
          400,
          '开票日期(issueDate) 格式不正确',
        );
      }
    });
  });

  describe('the agreement gate on the server', () => {
    test('without the accepted agreement, login, face and invoice tasks are refused with 2007 and nothing is created', async () => {
      const manager = await server.userIdOf('企业管理员');
      await server.database.db.delete(agreementAcceptances).where(eq(agreementAcceptances.userId, manager));
      const before = await server.database.db.select().from(tasks).where(eq(tasks.companyId, companyId));
      const [account] = await server.database.db.select().from(taxAccounts).where(eq(taxAccounts.companyId, companyId));
      const request = { nsrsbh: account!.nsrsbh, userId: manager };
      await setReady(false);
      expectRefused(await server.call('task/createLoginTask', { ...request, loginMethod: '2' }, merchant), 403, '用户授权协议', 2007);
      await setReady(true);
      expectRefused(await server.call('task/createScanFaceTask', request, merchant), 403, '用户授权协议', 2007);
      expectRefused(await blue(), 403, '用户授权协议', 2007);
      expectRefused(
        await server.call('taxAccount/setTaxAccount', { loginIdentity: '03', personName: '李明', phone: '13800001111' }, merchant),
        403,
        '用户授权协议',
        2007,
      );
      expect(await server.database.db.select().from(tasks).where(eq(tasks.companyId, companyId))).toHaveLength(before.length);
      // Reading stays open, and once agreed the same call goes through.
      expect((await server.call('taxAccount/getTaxAccount', {}, merchant)).body.success).toBe(true);
      const { id } = (await server.call<{ id: number }>('taxAccount/getAgreement', {}, merchant)).body.result;
      await server.call('taxAccount/agreedAgreement', { id, privacyPolicyVersion: PRIVACY_POLICY_VERSION }, merchant);
      expect((await blue()).body.success).toBe(true);
    });
  });
});
