/**
 * The ticket folder (票夹): automatic collection of invoices issued here to a company here (verified, with
 * lines; red reversals reach it; a replayed completion adds nothing), import (validation, duplicates in the company
 * refused with where the ticket is, another company's copy not counted), each verification outcome of the simulated
 * bureau (found, not found, a printed field that disagrees, voided, red-reversed, the fault switch), reimbursement
 * compare-and-set, delete, the PDF only for the invoice's seller or buyer, the keyword, the WeChat JS-SDK signature,
 * and the month totals agreeing with the rows after all of it.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { and, eq } from 'drizzle-orm';
import { createSession } from '../src/auth/session-tokens';
import { agreementAcceptances, agreements } from '../src/db/schema/agreements';
import { companies, goods, memberships } from '../src/db/schema/companies';
import { invoices } from '../src/db/schema/invoices';
import { taxAccounts } from '../src/db/schema/tax-accounts';
import { ticketMonthTotals, tickets } from '../src/db/schema/tickets';
import { users } from '../src/db/schema/users';
import { DEMO_TAX_NUMBERS } from '../src/db/seed';
import type { SimulatorGateway } from '../src/etax/simulator/simulator-gateway';
import { collectIssuedInvoice } from '../src/tickets/ticket-collect';
import { ticketMonth } from '../src/tickets/ticket-records';
import type { TicketDetail, TicketPage } from '@app/contract/ticket';
import { ticketCountedAmounts, ticketCountsInTotals, ticketNetAmounts } from '@app/domain/ticket';
import { WechatJsapi } from '../src/wechat/jsapi';
import { startFakeWechatApi, type FakeWechatApi } from './support/fake-wechat-api';
import { createTestServer, eventually, type TestServer } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';
import { PRIVACY_POLICY_VERSION } from '@app/domain/privacy-policy';

/** What ticket/get answers (a list row is its summary part). */
type Ticket = TicketDetail;
type Page = TicketPage;
type Envelope<T> = { status: number; body: { success: boolean; result: T; message: string | null; errorCode: number | null } };

const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

describeEachDatabase('ticket folder (%s)', (kind) => {
  let server: TestServer;
  let trading: string; // 企业管理员: the seller
  let taxi: string; // 出租车管理员: the buyer
  let outsider: string; // a third company's manager: neither seller nor buyer
  let outsiderCompanyId: string;
  let goodsId: string;
  let wechat: FakeWechatApi;
  let serial = 0;

  const call = <T>(token: string, path: string, body: unknown): Promise<Envelope<T>> => server.call<T>(path, body, token);
  const ok = async <T>(token: string, path: string, body: unknown): Promise<T> => {
    const answer = await call<T>(token, path, body);
    if (answer.status !== 200 || !answer.body.success) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.result;
  };
  const waitTask = (token: string, id: string, timeoutMs = 10_000) =>
    eventually(async () => {
      const progress = await ok<{ taskStatus: number; failReason: string | null }>(token, 'task/getTaskProcess', { id });
      return progress.taskStatus === 1 || progress.taskStatus === -1 ? progress : null;
    }, timeoutMs);
  const settled = (token: string, id: string, timeoutMs = 10_000) =>
    eventually(async () => {
      const ticket = await ok<Ticket>(token, 'ticket/get', { id });
      return ticket.verifyState !== '查验中' ? ticket : null;
    }, timeoutMs);

  /** trading issues a blue invoice to the taxi company: its number, issue date, id and net amount. */
  const issueToTaxi = async (grossFen: number) => {
    const created = await ok<{ taskId: string; invoiceId: string }>(trading, 'task/createBlueInvoiceTask', {
      requestSerial: `ticket-test-${kind}-${++serial}`,
      type: '数电专票',
      buyer: {
        name: '杭州出租车公司',
        taxNumber: DEMO_TAX_NUMBERS.taxi,
        address: '',
        phone: '',
        bankName: '',
        bankAccount: '',
        naturalPerson: false,
      },
      lines: [
        { goodsId, quantity: null, grossFen, rate: 60 },
        { goodsId, quantity: null, grossFen: 10_600, rate: 60 },
      ],
      remarks: '',
      deliverPhone: '',
      deliverEmail: '',
    });
    expect((await waitTask(trading, created.taskId)).taskStatus).toBe(1);
    const invoice = await ok<{ id: string; number: string; issuedAt: string; netFen: number; taxFen: number; grossFen: number }>(
      trading,
      'invoice/get',
      { id: created.invoiceId },
    );
    return { ...invoice, issueDate: new Date(new Date(invoice.issuedAt).getTime() + 8 * 3600_000).toISOString().slice(0, 10) };
  };
  const folder = (token: string, body: Record<string, unknown> = {}) => ok<Page>(token, 'ticket/list', { pageSize: 100, ...body });

  /** The month totals of every company agree with the tickets themselves. */
  const expectTotalsAgree = async () => {
    const db = server.database.db;
    const recount = new Map<string, { count: number; netFen: number; taxFen: number; grossFen: number }>();
    for (const row of await db.select().from(tickets)) {
      const key = JSON.stringify([row.companyId, ticketMonth(row.issueDate), row.type ?? '', row.verifyState, row.reimbursed]);
      const sum = recount.get(key) ?? { count: 0, netFen: 0, taxFen: 0, grossFen: 0 };
      const amounts = ticketNetAmounts(row);
      recount.set(key, {
        count: sum.count + 1,
        netFen: sum.netFen + amounts.netFen,
        taxFen: sum.taxFen + amounts.taxFen,
        grossFen: sum.grossFen + amounts.grossFen,
      });
    }
    const kept = new Map<string, { count: number; netFen: number; taxFen: number; grossFen: number }>();
    for (const row of await db.select().from(ticketMonthTotals)) {
      if (row.count === 0 && row.netFen === 0 && row.taxFen === 0 && row.grossFen === 0) continue;
      kept.set(JSON.stringify([row.companyId, row.month, row.type, row.verifyState, row.reimbursed]), {
        count: row.count,
        netFen: row.netFen,
        taxFen: row.taxFen,
        grossFen: row.grossFen,
      });
    }
    expect(Object.fromEntries(kept)).toEqual(Object.fromEntries(recount));
  };

  beforeAll(async () => {
    server = await createTestServer(kind);
    trading = await server.tokenFor('企业管理员');
    taxi = await server.tokenFor('出租车管理员');
    const db = server.database.db;
    const [tradingCompany] = await db.select().from(companies).where(eq(companies.xsfNsrsbh, DEMO_TAX_NUMBERS.trading));
    await db
      .update(taxAccounts)
      .set({ expirationTime: new Date(Date.now() + 3600_000), scanFaceTime: new Date() })
      .where(eq(taxAccounts.companyId, tradingCompany!.id));
    const [item] = await db.select().from(goods).where(eq(goods.companyId, tradingCompany!.id));
    goodsId = item!.id;
    const [company] = await db
      .insert(companies)
      .values({
        name: '苏州旁观者贸易有限公司',
        qylx: '1',
        xsfNsrsbh: '91320500MA0000002Y',
        code: 'YST0009',
        serviceExpiresAt: new Date(Date.now() + 30 * 86_400_000),
      })
      .returning();
    outsiderCompanyId = company!.id;
    const [manager] = await db
      .insert(users)
      .values({ provider: 'test', providerSubject: `outsider-${kind}`, nickname: '孙旁', currentCompanyId: company!.id })
      .returning();
    await db
      .insert(memberships)
      .values({ userId: manager!.id, companyId: company!.id, roleName: '管理员', permissions: ['company_manage', 'company_user_role'] });
    const [agreement] = await db.select({ id: agreements.id }).from(agreements);
    await db
      .insert(agreementAcceptances)
      .values({ userId: manager!.id, agreementId: agreement!.id, privacyPolicyVersion: PRIVACY_POLICY_VERSION });
    outsider = await createSession(db, manager!.id);
    wechat = await startFakeWechatApi();
  });
  afterAll(async () => {
    await server?.close();
    await wechat?.close();
  });

  test('an invoice issued here to a company here is collected into its folder, verified with its lines; a replayed completion adds nothing', async () => {
    const invoice = await issueToTaxi(106_000);
    const page = await folder(taxi, { keyword: invoice.number });
    expect(page.list).toHaveLength(1);
    const [row] = page.list;
    expect(row).toMatchObject({
      source: '自动归集',
      type: '数电专票',
      number: invoice.number,
      issueDate: invoice.issueDate,
      verifyState: '查验通过',
      netFen: invoice.netFen,
      taxFen: invoice.taxFen,
      grossFen: invoice.grossFen,
      redGrossFen: 0,
      reimbursed: false,
    });
    const detail = await ok<Ticket>(taxi, 'ticket/get', { id: row!.id });
    expect(detail.lines.map((line) => line.lineNo)).toEqual([1, 2]);
    expect(detail).toMatchObject({ invoiceId: invoice.id, verifiedAt: expect.any(String) });
    // Not in the seller's folder.
    expect((await folder(trading, { keyword: invoice.number })).total).toBe(0);
    // The completion replayed (a worker that re-runs the recording): still one ticket, the totals as they were.
    const db = server.database.db;
    const [stored] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
    const before = (await folder(taxi)).totals;
    await db.transaction((tx) =>
      collectIssuedInvoice(tx, stored!, { number: invoice.number, issuedAt: new Date(invoice.issuedAt) }, new Date()),
    );
    expect((await db.select().from(tickets).where(eq(tickets.number, invoice.number))).length).toBe(1);
    expect((await folder(taxi)).totals).toEqual(before);
    await expectTotalsAgree();
  });

  test('a red invoice updates the collected ticket: partly (the amount reversed), then 已红冲; the totals follow', async () => {
    const invoice = await issueToTaxi(212_000);
    const [ticket] = (await folder(taxi, { keyword: invoice.number })).list;
    const before = (await folder(taxi)).totals;
    const red = async (lines?: { lineNo: number; grossFen: number }[]) => {
      const created = await ok<{ taskId: string }>(trading, 'task/createRedInvoiceTask', {
        requestSerial: `ticket-red-${kind}-${++serial}`,
        blueInvoiceId: invoice.id,
        reason: '02',
        ...(lines && { lines }),
      });
      expect((await waitTask(trading, created.taskId, 15_000)).taskStatus).toBe(1);
    };
    await red([{ lineNo: 2, grossFen: 10_600 }]);
    const partly = await ok<Ticket>(taxi, 'ticket/get', { id: ticket!.id });
    expect(partly).toMatchObject({ verifyState: '查验通过', redGrossFen: 10_600, verifyMessage: '发票已部分红冲' });
    expect((await folder(taxi)).totals.grossFen).toBe(before.grossFen - 10_600);
    await red([{ lineNo: 1, grossFen: 212_000 }]);
    const reversed = await ok<Ticket>(taxi, 'ticket/get', { id: ticket!.id });
    expect(reversed).toMatchObject({ verifyState: '已红冲', redGrossFen: invoice.grossFen });
    expect((await folder(taxi)).totals.grossFen).toBe(before.grossFen - invoice.grossFen);
    expect((await folder(taxi, { verifyState: '已红冲' })).list.map((row) => row.id)).toContain(ticket!.id);
    // Verified again at the bureau: the same answer.
    const again = await ok<{ taskId: string }>(taxi, 'ticket/verify', { id: ticket!.id });
    expect((await waitTask(taxi, again.taskId)).taskStatus).toBe(1);
    expect(await settled(taxi, ticket!.id)).toMatchObject({ verifyState: '已红冲', redGrossFen: invoice.grossFen });
    await expectTotalsAgree();
  });

  test('import: refused fields name themselves; a duplicate in the company is refused with where it is; another company may hold its own copy', async () => {
    const invoice = await issueToTaxi(53_000);
    const fields = { source: '手动输入', number: invoice.number, issueDate: invoice.issueDate, netFen: invoice.netFen };
    const duplicate = await call(taxi, 'ticket/import', fields);
    expect(duplicate.body.errorCode).toBe(2005);
    const month = `${Number(invoice.issueDate.slice(0, 4))}年${Number(invoice.issueDate.slice(5, 7))}月`;
    expect(duplicate.body.message).toBe(`该发票已在票夹中（${month}，未报销）`);
    // The seller's company imports it (another company's copy does not count), and the outsider too: both verified.
    for (const token of [trading, outsider]) {
      const imported = await ok<{ ticket: Ticket; taskId: string }>(token, 'ticket/import', {
        ...fields,
        source: '扫码',
        type: '数电专票',
      });
      expect(imported.ticket).toMatchObject({ source: '扫码', verifyState: '查验中', sellerName: '', taxFen: null });
      expect(await settled(token, imported.ticket.id)).toMatchObject({
        verifyState: '查验通过',
        sellerName: expect.stringContaining(''),
        taxFen: invoice.taxFen,
        grossFen: invoice.grossFen,
        invoiceId: invoice.id,
      });
      expect((await call(token, 'ticket/import', fields)).body.errorCode).toBe(2005);
    }
    // The PDF: the seller and the buyer, never the outsider who typed the number in.
    const pdfOf = async (token: string) => {
      const [row] = (await folder(token, { keyword: invoice.number })).list;
      return call<{ url: string; fileName: string }>(token, 'ticket/pdfLink', { id: row!.id });
    };
    expect((await pdfOf(trading)).body.result).toMatchObject({ fileName: `发票_${invoice.number}.pdf` });
    expect((await pdfOf(taxi)).body.success).toBe(true);
    const refused = await pdfOf(outsider);
    expect([refused.status, refused.body.errorCode]).toEqual([404, 4004]);
    const pdf = await server.app.inject((await pdfOf(taxi)).body.result.url.replace(/^https?:\/\/[^/]+/, ''));
    expect(pdf.headers['content-type']).toContain('application/pdf');

    // Refused fields, each named.
    const refusedField = async (body: Record<string, unknown>, field: string) => {
      const answer = await call<{ fields: Record<string, string> }>(taxi, 'ticket/import', {
        source: '手动输入',
        issueDate: '2026-01-05',
        netFen: 100,
        number: '26442000000000000001',
        ...body,
      });
      expect([answer.status, answer.body.errorCode]).toEqual([400, 4000]);
      expect(Object.keys(answer.body.result.fields)).toContain(field);
    };
    await refusedField({ number: '1234567890123456789' }, 'number');
    await refusedField({ number: '12345678' }, 'number');
    await refusedField({ invoiceCode: '044001900111', number: '12345678' }, 'checkCodeLast6');
    await refusedField({ invoiceCode: '04400190011', number: '12345678', checkCodeLast6: '123456' }, 'invoiceCode');
    await refusedField({ checkCodeLast6: 'A1B2C3' }, 'checkCodeLast6');
    await refusedField({ issueDate: '2099-12-31' }, 'issueDate');
    await refusedField({ issueDate: '2026-02-30' }, 'issueDate');
    await refusedField({ netFen: 0 }, 'netFen');
    await refusedField({ type: '增值税普通发票' }, 'invoiceCode');
    await expectTotalsAgree();
  });

  test('verification outcomes: not found, a printed field that disagrees, an old invoice, voided, and the fault switch (查验失败, then passes again)', async () => {
    const invoice = await issueToTaxi(31_800);
    const importAndSettle = async (token: string, body: Record<string, unknown>) => {
      const imported = await ok<{ ticket: Ticket; taskId: string }>(token, 'ticket/import', { source: '手动输入', ...body });
      return settled(token, imported.ticket.id, 15_000);
    };
    const notFound = { verifyState: '查无此票', verifyMessage: '查无此票', verifiedAt: expect.any(String) };
    expect(await importAndSettle(outsider, { number: '26440000009999999999', issueDate: '2026-01-05', netFen: 100 })).toMatchObject(
      notFound,
    );
    // A company that is neither seller nor buyer learns nothing from a near miss: the same answer as a number never issued.
    const yesterday = new Date(new Date(`${invoice.issueDate}T00:00:00Z`).getTime() - 86_400_000).toISOString().slice(0, 10);
    for (const nearMiss of [
      { issueDate: invoice.issueDate, netFen: invoice.netFen + 1 },
      { issueDate: yesterday, netFen: invoice.netFen },
    ]) {
      const guessed = await importAndSettle(outsider, { number: invoice.number, ...nearMiss });
      expect(guessed).toMatchObject(notFound);
      await ok(outsider, 'ticket/delete', { id: guessed.id });
    }
    // The invoice's own seller and buyer are told which printed field disagrees.
    const wrongAmount = await importAndSettle(trading, {
      number: invoice.number,
      issueDate: invoice.issueDate,
      netFen: invoice.netFen + 1,
    });
    expect(wrongAmount).toMatchObject({ verifyState: '查无此票', verifyMessage: '查无此票：金额（不含税）与税局记录不一致' });
    await ok(trading, 'ticket/delete', { id: wrongAmount.id });
    const collected = (await folder(taxi, { keyword: invoice.number })).list[0];
    await ok(taxi, 'ticket/delete', { id: collected!.id });
    const wrongDate = await importAndSettle(taxi, { number: invoice.number, issueDate: yesterday, netFen: invoice.netFen });
    expect(wrongDate).toMatchObject({ verifyState: '查无此票', verifyMessage: '查无此票：开票日期与税局记录不一致' });
    await ok(taxi, 'ticket/delete', { id: wrongDate.id });
    expect(
      await importAndSettle(outsider, {
        invoiceCode: '044001900111',
        number: '12345678',
        issueDate: '2024-03-01',
        netFen: 5000,
        checkCodeLast6: '12345a',
        type: '增值税电子普通发票',
      }),
    ).toMatchObject({ verifyState: '查无此票' });

    const passed = await importAndSettle(outsider, { number: invoice.number, issueDate: invoice.issueDate, netFen: invoice.netFen });
    expect(passed.verifyState).toBe('查验通过');
    const simulator = server.app.services.gateway as SimulatorGateway;
    expect(await simulator.voidInvoice(invoice.number)).toBe(true);
    const voided = await ok<{ taskId: string }>(outsider, 'ticket/verify', { id: passed.id });
    // One verification at a time.
    const twice = await call<{ taskId: string }>(outsider, 'ticket/verify', { id: passed.id });
    if (twice.body.errorCode === 2001) expect(twice.body.result.taskId).toBe(voided.taskId);
    expect(await settled(outsider, passed.id)).toMatchObject({ verifyState: '已作废' });

    const fault = simulator.fault;
    simulator.setFault({ mode: 'fail', reason: '查验平台维护中', delayMs: 0 });
    try {
      const failing = await ok<{ taskId: string }>(outsider, 'ticket/verify', { id: passed.id });
      expect(await waitTask(outsider, failing.taskId, 20_000)).toMatchObject({ taskStatus: -1, failReason: '查验平台维护中' });
      expect(await ok<Ticket>(outsider, 'ticket/get', { id: passed.id })).toMatchObject({
        verifyState: '查验失败',
        verifyMessage: '查验平台维护中',
      });
    } finally {
      simulator.setFault(fault);
    }
    await ok(outsider, 'ticket/verify', { id: passed.id });
    expect(await settled(outsider, passed.id)).toMatchObject({ verifyState: '已作废' });
    const task = await ok<{ type: string; typeName: string }>(outsider, 'task/getTaskDetail', {
      id: (await ok<Ticket & { verifyTaskId: string }>(outsider, 'ticket/get', { id: passed.id })).verifyTaskId,
    });
    expect(task).toMatchObject({ type: 'ticket_verify', typeName: '发票查验' });
    await expectTotalsAgree();
  });

  test('which tickets count: a 查无此票 ticket is stored and listed but adds no amount; a verified one counts; a red reversal nets', async () => {
    const totalsOf = async (body: Record<string, unknown> = {}) => (await folder(outsider, body)).totals;
    const month = today().slice(0, 7);
    const before = { all: await totalsOf(), month: await totalsOf({ month }) };
    // A number the bureau never issued, of this year and a real province.
    const number = `${today().slice(2, 4)}44${'0'.repeat(11)}80808`;
    const imported = await ok<{ ticket: Ticket }>(outsider, 'ticket/import', {
      source: '手动输入',
      number,
      issueDate: today(),
      netFen: 88_800,
    });
    expect(await settled(outsider, imported.ticket.id, 15_000)).toMatchObject({
      verifyState: '查无此票',
      sellerName: '',
      netFen: 88_800,
      grossFen: null,
    });
    expect(await server.database.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.number, number))).toEqual([
      { id: imported.ticket.id },
    ]);
    expect((await folder(outsider)).list.map((row) => row.id)).toContain(imported.ticket.id);
    // Counted in 张, not in the amounts: the whole folder, its month, its state, its keyword.
    expect(await totalsOf()).toEqual({ ...before.all, count: before.all.count + 1 });
    expect(await totalsOf({ month })).toEqual({ ...before.month, count: before.month.count + 1 });
    expect(await totalsOf({ keyword: number.slice(-8) })).toEqual({ count: 1, counted: 0, netFen: 0, taxFen: 0, grossFen: 0 });
    const notFound = await folder(outsider, { verifyState: '查无此票' });
    expect(notFound.totals).toEqual({ count: notFound.list.length, counted: 0, netFen: 0, taxFen: 0, grossFen: 0 });

    // An invoice the bureau knows: verified, it counts in full.
    const invoice = await issueToTaxi(63_600);
    const scanned = await ok<{ ticket: Ticket }>(outsider, 'ticket/import', {
      source: '扫码',
      number: invoice.number,
      issueDate: invoice.issueDate,
      netFen: invoice.netFen,
    });
    expect(await settled(outsider, scanned.ticket.id, 15_000)).toMatchObject({ verifyState: '查验通过', grossFen: invoice.grossFen });
    const verified = {
      count: before.all.count + 2,
      counted: before.all.counted + 1,
      netFen: before.all.netFen + invoice.netFen,
      taxFen: before.all.taxFen + invoice.taxFen,
      grossFen: before.all.grossFen + invoice.grossFen,
    };
    expect(await totalsOf()).toEqual(verified);
    expect(await totalsOf({ keyword: invoice.number.slice(-8) })).toEqual({
      count: 1,
      counted: 1,
      netFen: invoice.netFen,
      taxFen: invoice.taxFen,
      grossFen: invoice.grossFen,
    });

    // Its seller reverses its second line (¥106.00): still 查验通过, it counts what is left; in whole (已红冲), nothing.
    const red = async (lines: { lineNo: number; grossFen: number }[]) => {
      const created = await ok<{ taskId: string }>(trading, 'task/createRedInvoiceTask', {
        requestSerial: `ticket-red-${kind}-${++serial}`,
        blueInvoiceId: invoice.id,
        reason: '02',
        lines,
      });
      expect((await waitTask(trading, created.taskId, 15_000)).taskStatus).toBe(1);
      return ok<Ticket>(outsider, 'ticket/get', { id: scanned.ticket.id });
    };
    const partly = await red([{ lineNo: 2, grossFen: 10_600 }]);
    expect(partly).toMatchObject({ verifyState: '查验通过', redGrossFen: 10_600 });
    const left = {
      ...verified,
      netFen: verified.netFen - partly.redNetFen,
      taxFen: verified.taxFen - partly.redTaxFen,
      grossFen: verified.grossFen - 10_600,
    };
    expect(await totalsOf()).toEqual(left);
    expect(await totalsOf({ keyword: invoice.number.slice(-8) })).toEqual({
      count: 1,
      counted: 1,
      netFen: invoice.netFen - partly.redNetFen,
      taxFen: invoice.taxFen - partly.redTaxFen,
      grossFen: invoice.grossFen - 10_600,
    });
    expect(await red([{ lineNo: 1, grossFen: 63_600 }])).toMatchObject({ verifyState: '已红冲', redGrossFen: invoice.grossFen });
    expect(await totalsOf()).toEqual({ ...before.all, count: before.all.count + 2, counted: before.all.counted + 1 });
    await expectTotalsAgree();
  });

  test('reimbursed is compare-and-set, with who and when; delete takes the ticket out of the totals', async () => {
    const invoice = await issueToTaxi(21_200);
    const [ticket] = (await folder(taxi, { keyword: invoice.number })).list;
    const before = await folder(taxi, { reimbursed: true });
    const marked = await ok<Ticket>(taxi, 'ticket/markReimbursed', { id: ticket!.id, reimbursed: true });
    expect(marked).toMatchObject({ reimbursed: true, reimbursedBy: '赵强', reimbursedAt: expect.any(String) });
    const again = await call(taxi, 'ticket/markReimbursed', { id: ticket!.id, reimbursed: true });
    expect(again.body.errorCode).toBe(2005);
    expect(again.body.message).toMatch(/^该发票已由赵强于.+标记为已报销$/);
    const after = await folder(taxi, { reimbursed: true });
    expect(after.totals.count).toBe(before.totals.count + 1);
    expect(after.totals.grossFen).toBe(before.totals.grossFen + invoice.grossFen);
    expect(
      (
        await call(taxi, 'ticket/import', {
          source: '手动输入',
          number: invoice.number,
          issueDate: invoice.issueDate,
          netFen: invoice.netFen,
        })
      ).body.message,
    ).toContain('，已报销）');
    expect(await ok<Ticket>(taxi, 'ticket/markReimbursed', { id: ticket!.id, reimbursed: false })).toMatchObject({
      reimbursed: false,
      reimbursedBy: null,
      reimbursedAt: null,
    });
    expect((await call(taxi, 'ticket/markReimbursed', { id: ticket!.id, reimbursed: false })).body).toMatchObject({
      errorCode: 2005,
      message: '该发票尚未报销',
    });
    // Two at once: exactly one marks it.
    const both = await Promise.all([
      call(taxi, 'ticket/markReimbursed', { id: ticket!.id, reimbursed: true }),
      call(taxi, 'ticket/markReimbursed', { id: ticket!.id, reimbursed: true }),
    ]);
    expect(both.map((answer) => answer.body.success).sort()).toEqual([false, true]);

    const all = await folder(taxi);
    expect(await ok(taxi, 'ticket/delete', { id: ticket!.id })).toEqual({ id: ticket!.id });
    expect((await call(taxi, 'ticket/get', { id: ticket!.id })).body.errorCode).toBe(4004);
    const left = await folder(taxi);
    expect(left.totals).toEqual({
      count: all.totals.count - 1,
      counted: all.totals.counted - 1,
      netFen: all.totals.netFen - invoice.netFen,
      taxFen: all.totals.taxFen - invoice.taxFen,
      grossFen: all.totals.grossFen - invoice.grossFen,
    });
    // Deleted, it can be imported again.
    expect(
      (
        await ok<{ ticket: Ticket }>(taxi, 'ticket/import', {
          source: '拍照',
          number: invoice.number,
          issueDate: invoice.issueDate,
          netFen: invoice.netFen,
        })
      ).ticket.verifyState,
    ).toBe('查验中');
    await expectTotalsAgree();
  });

  test('the list: filters, the keyword (part of a seller name, the end of a number), totals of the filter equal to its rows', async () => {
    // No verification still running (one would change a row between the page and its totals).
    const all = await eventually(async () => {
      const page = await folder(taxi);
      return page.list.every((row) => row.verifyState !== '查验中') ? page : null;
    });
    expect(all.totals.count).toBe(all.total);
    for (const filter of [
      { verifyState: '查验通过' },
      { reimbursed: false },
      { type: '数电专票' },
      { month: today().slice(0, 7) },
      { month: '2001-01' },
    ]) {
      const page = await folder(taxi, filter);
      const counted = page.list.filter((row) => ticketCountsInTotals(row.verifyState));
      const sum = counted.reduce((acc, row) => acc + (row.grossFen ?? row.netFen) - row.redGrossFen, 0);
      expect([page.totals.count, page.totals.counted, page.totals.grossFen]).toEqual([page.list.length, counted.length, sum]);
    }
    const [first] = all.list.filter((row) => row.sellerName);
    const bySeller = await folder(taxi, { keyword: first!.sellerName.slice(2, 6) });
    expect(bySeller.list.length).toBeGreaterThan(0);
    expect(bySeller.list.every((row) => row.sellerName.includes(first!.sellerName.slice(2, 6)))).toBe(true);
    expect(bySeller.totals.count).toBe(bySeller.total);
    const byTail = await folder(taxi, { keyword: first!.number.slice(-6) });
    expect(byTail.list.map((row) => row.number)).toContain(first!.number);
    expect((await folder(taxi, { keyword: '没有这个销售方' })).totals).toEqual({ count: 0, counted: 0, netFen: 0, taxFen: 0, grossFen: 0 });
    // Newest issue date first.
    const dates = all.list.map((row) => row.issueDate);
    expect(dates).toEqual([...dates].sort().reverse());
    // Another company's tickets never show.
    const outsiders = await server.database.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.companyId, outsiderCompanyId));
    expect(all.list.some((row) => outsiders.some((other) => other.id === row.id))).toBe(false);
  });

  test('wechat/jsapiConfig: signed as WeChat documents, the token and ticket fetched once; only this app’s pages; 2005 without WeChat', async () => {
    const services = server.app.services;
    expect((await call(taxi, 'wechat/jsapiConfig', { url: `${services.publicUrl}/ticket/import/index` })).body.errorCode).toBe(2005);
    services.wechatJsapi = new WechatJsapi({ appId: wechat.appId, secret: wechat.secret, apiUrl: wechat.url });
    try {
      const page = `${services.publicUrl}/ticket/import/index?from=home`;
      const config = await ok<{ appId: string; timestamp: number; nonceStr: string; signature: string }>(taxi, 'wechat/jsapiConfig', {
        url: `${page}#scan`,
      });
      expect(config.appId).toBe(wechat.appId);
      const expected = createHash('sha1')
        .update(`jsapi_ticket=${wechat.ticket}&noncestr=${config.nonceStr}&timestamp=${config.timestamp}&url=${page}`)
        .digest('hex');
      expect(config.signature).toBe(expected);
      await ok(taxi, 'wechat/jsapiConfig', { url: page });
      expect(wechat.requests).toEqual({ token: 1, ticket: 1 });
      const foreign = await call<{ fields: Record<string, string> }>(taxi, 'wechat/jsapiConfig', {
        url: 'https://evil.example.com/ticket/import/index',
      });
      expect([foreign.body.errorCode, Object.keys(foreign.body.result.fields)]).toEqual([4000, ['url']]);
    } finally {
      services.wechatJsapi = null;
    }
  });

  test('the totals agree with the rows after everything above', async () => {
    await expectTotalsAgree();
    const db = server.database.db;
    const [taxiCompany] = await db.select().from(companies).where(eq(companies.xsfNsrsbh, DEMO_TAX_NUMBERS.taxi));
    const rows = await db
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, taxiCompany!.id)));
    const page = await folder(taxi);
    expect(page.totals.count).toBe(rows.length);
    expect(page.totals.netFen).toBe(rows.reduce((sum, row) => sum + ticketCountedAmounts(row).netFen, 0));
  });
});
