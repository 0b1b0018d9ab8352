/**
 * Issuing invoices through the API and the simulator: blue invoices (validation, readiness, the double submit), red
 * invoices (partial then full, never more than is left, reason 01), lists, PDF links, tenancy, and customers'
 * applications from approval to delivery.
 */
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { eq } from 'drizzle-orm';
import type { InvoiceDocument, InvoiceParty, InvoiceSummary } from '@app/domain/invoice-document';
import { invoiceNumberProblem } from '@app/domain/invoice-number';
import { TITLE_MESSAGES } from '@app/domain/invoice-title';
import { TAX_NUMBER_MESSAGES, usccCheckCharacter } from '@app/domain/tax-number';
import { companies, goods, memberships } from '../src/db/schema/companies';
import { invoiceDeliveries, invoices } from '../src/db/schema/invoices';
import { taxAccounts } from '../src/db/schema/tax-accounts';
import { createTestServer, eventually, type TestServer } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';

interface TaskDetail {
  taskStatus: number;
  failReason: string | null;
  result: { invoiceId: string; invoiceNumber: string } | null;
  invoiceId: string | null;
}

const BUYER: InvoiceParty = {
  name: '杭州西湖文化传媒有限公司',
  taxNumber: `91330106MA27Y8K3P${usccCheckCharacter('91330106MA27Y8K3P')}`,
  address: '杭州市西湖区曙光路 120 号',
  phone: '0571-86001234',
  bankName: '',
  bankAccount: '',
  naturalPerson: false,
};

let serial = 0;
const nextSerial = () => `test-serial-${Date.now()}-${++serial}`;

describeEachDatabase('invoices (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  let companyId: string;
  let goodsIds: string[];

  beforeAll(async () => {
    server = await createTestServer(kind);
    token = await server.tokenFor('企业管理员');
    const userId = await server.userIdOf('企业管理员');
    const [membership] = await server.database.db.select().from(memberships).where(eq(memberships.userId, userId));
    companyId = membership?.companyId ?? '';
    const items = await server.database.db.select().from(goods).where(eq(goods.companyId, companyId));
    goodsIds = items.sort((a, b) => a.name.localeCompare(b.name)).map((item) => item.id);
  });
  afterAll(async () => server.close());

  const setReady = async (loggedIn: boolean, faceToday: boolean) => {
    await server.database.db
      .update(taxAccounts)
      .set({ expirationTime: loggedIn ? new Date(Date.now() + 3600_000) : null, scanFaceTime: faceToday ? new Date() : null })
      .where(eq(taxAccounts.companyId, companyId));
  };
  const software = () => goodsIds.find(() => true) as string;
  const goodsNamed = async (name: string) => {
    const [item] = await server.database.db.select().from(goods).where(eq(goods.name, name));
    return item?.id as string;
  };
  const finished = (taskId: string) =>
    eventually(async () => {
      const detail = (await server.call<TaskDetail>('task/getTaskDetail', { id: taskId }, token)).body.result;
      return detail.taskStatus === 1 || detail.taskStatus === -1 ? detail : null;
    });
  const blue = async (
    lines: { goodsId: string; quantity: string | null; grossFen: number; rate: number | '免税' }[],
    extra: Record<string, unknown> = {},
  ) =>
    server.call<{ taskId: string; invoiceId: string }>(
      'task/createBlueInvoiceTask',
      { requestSerial: nextSerial(), type: '数电普票', buyer: BUYER, lines, remarks: '', deliverPhone: '', deliverEmail: '', ...extra },
      token,
    );
  const invoice = async (id: string) => (await server.call<InvoiceDocument>('invoice/get', { id }, token)).body.result;

  test('a blue invoice fails with the reason when the tax-bureau login or the face authentication is missing', async () => {
    await setReady(false, false);
    const created = await blue([{ goodsId: software(), quantity: null, grossFen: 10600, rate: 60 }]);
    expect(created.body.success).toBe(true);
    const detail = await finished(created.body.result.taskId);
    expect(detail.taskStatus).toBe(-1);
    expect(detail.failReason).toContain('未登录');
    expect((await invoice(created.body.result.invoiceId)).status).toBe('开具失败');

    await setReady(true, false);
    const noFace = await finished((await blue([{ goodsId: software(), quantity: null, grossFen: 10600, rate: 60 }])).body.result.taskId);
    expect(noFace.failReason).toContain('刷脸');

    // Retried after logging in and the face scan: the same task and invoice succeed.
    await setReady(true, true);
    const retried = await server.call<{ taskId: string }>('task/retryTask', { id: created.body.result.taskId }, token);
    expect(retried.body.success).toBe(true);
    const done = await finished(created.body.result.taskId);
    expect(done.taskStatus).toBe(1);
    expect((await invoice(created.body.result.invoiceId)).status).toBe('已开具');
  });

  test('a blue invoice with several lines: printed amounts, the 20-digit number, the issuer and the totals', async () => {
    await setReady(true, true);
    const [office, food, vegetables] = [await goodsNamed('办公用品'), await goodsNamed('餐饮服务'), await goodsNamed('农产品（蔬菜）')];
    const created = await blue(
      [
        { goodsId: office, quantity: '3', grossFen: 47400, rate: 130 },
        { goodsId: food, quantity: null, grossFen: 10100, rate: 10 },
        { goodsId: vegetables, quantity: '2.5', grossFen: 1500, rate: '免税' },
      ],
      { remarks: '项目：年会', deliverEmail: 'finance@xihu-media.cn' },
    );
    expect(created.body.success).toBe(true);
    const detail = await finished(created.body.result.taskId);
    expect(detail.taskStatus).toBe(1);
    expect(invoiceNumberProblem(detail.result?.invoiceNumber ?? '')).toBeNull();
    const issued = await invoice(created.body.result.invoiceId);
    expect(issued).toMatchObject({
      status: '已开具',
      number: detail.result?.invoiceNumber,
      issuer: '李明',
      remarks: '项目：年会',
      leftFen: 59000,
    });
    expect(issued.lines.map((line) => [line.itemName, line.quantity, line.unitPrice, line.netFen, line.taxFen])).toEqual([
      ['*纸制品*办公用品', '3', '139.82333333', 41947, 5453],
      ['*餐饮服务*餐饮服务', null, null, 10000, 100],
      ['*蔬菜*农产品（蔬菜）', '2.5', '6', 1500, 0],
    ]);
    expect([issued.netFen, issued.taxFen, issued.grossFen]).toEqual([53447, 5553, 59000]);
    const sent = await server.database.db.select().from(invoiceDeliveries).where(eq(invoiceDeliveries.invoiceId, issued.id));
    expect(sent.map((row) => row.address)).toEqual(['finance@xihu-media.cn']);
  });

  test('the home summary counts this month exactly: eight blue invoices issued at once, then a red reversal', async () => {
    await setReady(true, true);
    // What the summary must say: the month's issued blue invoices, counted from the invoices themselves.
    const counted = async () => {
      const rows = await server.database.raw(
        `select count(*)::int as n, coalesce(sum(gross_fen), 0)::int as fen from invoices
         where company_id = $1 and kind = 'blue' and issued_at is not null
           and to_char((issued_at at time zone 'UTC') + interval '8 hours', 'YYYYMM') = to_char((now() at time zone 'UTC') + interval '8 hours', 'YYYYMM')`,
        [companyId],
      );
      return { issuedThisMonth: Number(rows[0]?.n), issuedThisMonthFen: Number(rows[0]?.fen) };
    };
    const summary = async () =>
      (await server.call<{ issuedThisMonth: number; issuedThisMonthFen: number }>('invoice/homeSummary', {}, token)).body.result;
    const before = await summary();
    expect(before).toMatchObject(await counted());

    const created = await Promise.all(
      Array.from({ length: 8 }, (_, i) => blue([{ goodsId: software(), quantity: null, grossFen: 1000 + i, rate: 60 }])),
    );
    const tasks = await Promise.all(created.map((answer) => finished(answer.body.result.taskId)));
    expect(tasks.map((task) => task.taskStatus)).toEqual(Array(8).fill(1));
    const after = await summary();
    expect(after).toMatchObject({
      issuedThisMonth: before.issuedThisMonth + 8,
      issuedThisMonthFen: before.issuedThisMonthFen + 8 * 1000 + 28,
    });
    expect(after).toMatchObject(await counted());

    // A red reversal is a red invoice of its own: the blue invoices issued this month stay as they were.
    const red = await server.call<{ taskId: string }>(
      'task/createRedInvoiceTask',
      { requestSerial: nextSerial(), blueInvoiceId: created[0]?.body.result.invoiceId, reason: '02' },
      token,
    );
    expect((await finished(red.body.result.taskId)).taskStatus).toBe(1);
    expect(await summary()).toMatchObject(after);
  });

  test('a double submit with one request serial creates one task and one invoice', async () => {
    await setReady(true, true);
    const body = {
      requestSerial: nextSerial(),
      type: '数电普票',
      buyer: BUYER,
      lines: [{ goodsId: software(), quantity: '1', grossFen: 100000, rate: 60 }],
      remarks: '',
      deliverPhone: '',
      deliverEmail: '',
    };
    const before = (await server.database.db.select().from(invoices)).length;
    const answers = await Promise.all(
      [1, 2, 3].map(() => server.call<{ taskId: string; invoiceId: string }>('task/createBlueInvoiceTask', body, token)),
    );
    expect(new Set(answers.map((answer) => answer.body.result.taskId)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.body.result.invoiceId)).size).toBe(1);
    expect((await server.database.db.select().from(invoices)).length).toBe(before + 1);
    await finished(answers[0]?.body.result.taskId ?? '');
  });

  test('bad input is refused with the field named, and nothing is stored', async () => {
    const before = (await server.database.db.select().from(invoices)).length;
    const noTaxNumber = await server.call(
      'task/createBlueInvoiceTask',
      {
        requestSerial: nextSerial(),
        type: '数电专票',
        buyer: { ...BUYER, taxNumber: '' },
        lines: [{ goodsId: software(), quantity: null, grossFen: 100, rate: 60 }],
        remarks: '',
        deliverPhone: '',
        deliverEmail: '',
      },
      token,
    );
    expect(noTaxNumber.body).toMatchObject({ success: false, errorCode: 4000, message: '开具专票须填写购买方纳税人识别号' });
    const badCheck = await blue([{ goodsId: software(), quantity: null, grossFen: 100, rate: 60 }], {
      buyer: { ...BUYER, taxNumber: `91330106MA27Y8K3P${usccCheckCharacter('91330106MA27Y8K3P') === '0' ? '1' : '0'}` },
    });
    expect(badCheck.body).toMatchObject({ errorCode: 4000, message: TAX_NUMBER_MESSAGES.check });
    const badPhone = await blue([{ goodsId: software(), quantity: null, grossFen: 100, rate: 60 }], { buyer: { ...BUYER, phone: '123' } });
    expect(badPhone.body).toMatchObject({ errorCode: 4000, message: TITLE_MESSAGES.phone });
    const zero = await blue([{ goodsId: software(), quantity: null, grossFen: 0, rate: 60 }]);
    expect(zero.body.message).toBe('第 1 行的金额应大于 0');
    const badRate = await blue([{ goodsId: software(), quantity: null, grossFen: 100, rate: 120 }]);
    expect(badRate.body.errorCode).toBe(4000);
    const longRemarks = await blue([{ goodsId: software(), quantity: null, grossFen: 100, rate: 60 }], { remarks: '备'.repeat(201) });
    expect(longRemarks.body).toMatchObject({ errorCode: 4000, message: '备注(remarks) 不能超过 200 个字符' });
    expect((await server.database.db.select().from(invoices)).length).toBe(before);
  });

  test('red invoices: part, then the rest; never more than is left; reason 01 only in full', async () => {
    await setReady(true, true);
    const [office, food] = [await goodsNamed('办公用品'), await goodsNamed('餐饮服务')];
    const created = await blue([
      { goodsId: office, quantity: '2', grossFen: 31600, rate: 130 },
      { goodsId: food, quantity: null, grossFen: 20200, rate: 10 },
    ]);
    await finished(created.body.result.taskId);
    const blueId = created.body.result.invoiceId;
    const red = (body: Record<string, unknown>) =>
      server.call<{ taskId: string; invoiceId: string }>(
        'task/createRedInvoiceTask',
        { requestSerial: nextSerial(), blueInvoiceId: blueId, ...body },
        token,
      );

    expect((await red({ reason: '01', lines: [{ lineNo: 1, grossFen: 100 }] })).body.message).toContain('全额红冲');
    expect((await red({ reason: '02', lines: [{ lineNo: 1, grossFen: 31601 }] })).body.message).toBe('第 1 行最多可红冲 ¥316.00');
    expect((await red({ reason: '02', lines: [{ lineNo: 3, grossFen: 1 }] })).body.message).toBe('原发票没有第 3 行');

    const part = await red({ reason: '04', lines: [{ lineNo: 2, grossFen: 5050 }] });
    expect(part.body.success).toBe(true);
    const partTask = await finished(part.body.result.taskId);
    expect(partTask.taskStatus).toBe(1);
    const partRed = await invoice(part.body.result.invoiceId);
    expect(partRed).toMatchObject({ kind: 'red', status: '已开具', grossFen: -5050, original: { id: blueId } });
    expect(partRed.lines).toEqual([expect.objectContaining({ lineNo: 2, grossFen: -5050, netFen: -5000, taxFen: -50 })]);
    expect(partRed.redConfirmation).toMatchObject({ reason: '04', state: '04' });
    // The form has a number of its own (18 digits, the seller's area first), and spent no invoice number: the red
    // invoice's number follows the blue one's.
    const blueIssued = await invoice(blueId);
    const blueNumber = blueIssued.number as string;
    expect(partRed.redConfirmation?.number).toMatch(/^\d{18}$/);
    expect(partRed.redConfirmation?.number.slice(0, 6)).toBe(blueIssued.seller.taxNumber.slice(2, 8));
    expect(BigInt((partRed.number as string).slice(5))).toBe(BigInt(blueNumber.slice(5)) + 1n);
    expect(partRed.remarks).toContain('被红冲蓝字数电发票号码');
    const afterPart = await invoice(blueId);
    expect(afterPart).toMatchObject({ status: '部分红冲', leftFen: 51800 - 5050, leftByLine: { 1: 31600, 2: 15150 } });

    expect((await red({ reason: '01' })).body.message).toContain('未曾部分红冲');
    const rest = await red({ reason: '02' });
    expect(rest.body.success).toBe(true);
    // While the rest is being issued, nothing more can be reversed.
    expect((await red({ reason: '02', lines: [{ lineNo: 1, grossFen: 1 }] })).body.errorCode).toBe(2005);
    await finished(rest.body.result.taskId);
    const restRed = await invoice(rest.body.result.invoiceId);
    expect(restRed.lines.map((line) => [line.lineNo, line.netFen, line.taxFen, line.grossFen, line.quantity])).toEqual([
      [1, -27965, -3635, -31600, '-2'],
      [2, -15000, -150, -15150, null],
    ]);
    const reversed = await invoice(blueId);
    expect(reversed).toMatchObject({ status: '已红冲', leftFen: 0 });
    expect((await red({ reason: '02' })).body.message).toBe('该发票已全部红冲');

    const list = await server.call<{ list: InvoiceSummary[] }>('invoice/list', { kind: 'red', keyword: BUYER.name.slice(0, 4) }, token);
    expect(list.body.result.list.map((row) => row.id)).toEqual(
      expect.arrayContaining([part.body.result.invoiceId, rest.body.result.invoiceId]),
    );
    const found = await server.call<InvoiceDocument>(
      'invoice/findBlue',
      { number: reversed.number, issueDate: new Date(Date.parse(reversed.issuedAt ?? '') + 8 * 3600_000).toISOString().slice(0, 10) },
      token,
    );
    expect(found.body.result.id).toBe(blueId);
    expect((await server.call('invoice/findBlue', { number: reversed.number, issueDate: '2001-01-01' }, token)).body.errorCode).toBe(4004);
  });

  test('discount lines (折扣行): by percentage and by amount, each right after its line, in the totals; the bureau issues them', async () => {
    await setReady(true, true);
    const [office, food] = [await goodsNamed('办公用品'), await goodsNamed('餐饮服务')];
    const created = await blue([
      { goodsId: office, quantity: '2', grossFen: 31600, rate: 130, discount: { kind: 'percent', percent: '10' } },
      { goodsId: food, quantity: null, grossFen: 20200, rate: 10, discount: { kind: 'amount', fen: 2000 } },
    ] as never);
    expect(created.body.success).toBe(true);
    expect((await finished(created.body.result.taskId)).taskStatus).toBe(1);
    const issued = await invoice(created.body.result.invoiceId);
    // 10 % of ¥316.00 is ¥31.60: net 3160 / 1.13 = 2796.46 → ¥27.96, tax ¥3.64; ¥20.00 at 1 %: ¥19.80 and ¥0.20.
    expect(
      issued.lines.map((line) => [
        line.lineNo,
        line.itemName,
        line.quantity,
        line.netFen,
        line.taxFen,
        line.grossFen,
        line.ratePermille,
        line.discountOf,
      ]),
    ).toEqual([
      [1, '*纸制品*办公用品', '2', 27965, 3635, 31600, 130, null],
      [2, '*纸制品*办公用品', null, -2796, -364, -3160, 130, 1],
      [3, '*餐饮服务*餐饮服务', null, 20000, 200, 20200, 10, null],
      [4, '*餐饮服务*餐饮服务', null, -1980, -20, -2000, 10, 3],
    ]);
    expect(issued.lines[1]?.taxCode).toBe(issued.lines[0]?.taxCode);
    expect(issued).toMatchObject({
      status: '已开具',
      netFen: 43189,
      taxFen: 3451,
      grossFen: 46640,
      leftFen: 46640,
      leftByLine: { 1: 31600, 2: -3160, 3: 20200, 4: -2000 },
    });
  });

  test("a discount that is zero, malformed or more than its line is refused under the line's discount, and nothing is stored", async () => {
    const before = (await server.database.db.select().from(invoices)).length;
    const line = (discount: unknown) => [{ goodsId: software(), quantity: null, grossFen: 10600, rate: 60, discount }] as never;
    const more = await blue(line({ kind: 'amount', fen: 10601 }));
    expect(more.body).toMatchObject({
      success: false,
      errorCode: 4000,
      message: '第 1 行：折扣不能超过该行金额',
      result: { fields: { 'lines.0.discount': '折扣不能超过该行金额' } },
    });
    expect((await blue(line({ kind: 'amount', fen: 0 }))).body).toMatchObject({ errorCode: 4000, message: '第 1 行：折扣金额应大于 0' });
    expect((await blue(line({ kind: 'percent', percent: '100.01' }))).body).toMatchObject({
      errorCode: 4000,
      result: { fields: { 'lines.0.discount': expect.stringContaining('百分比') } },
    });
    expect((await blue(line({ kind: 'percent', percent: '-5' }))).body.errorCode).toBe(4000);
    expect((await blue(line({ kind: 'amount', fen: 1.5 }))).body.errorCode).toBe(4000);
    expect((await blue(line({ kind: 'amount', fen: -100 }))).body.errorCode).toBe(4000);
    expect((await server.database.db.select().from(invoices)).length).toBe(before);
    // A whole-line discount is allowed: the pair is zero.
    const whole = await blue(line({ kind: 'percent', percent: '100' }));
    expect(whole.body.success).toBe(true);
    expect((await invoice(whole.body.result.invoiceId)).grossFen).toBe(0);
  });

  test('a red reversal of a discounted line reverses the pair, whole; its discount line is never asked for alone', async () => {
    await setReady(true, true);
    const [office, food] = [await goodsNamed('办公用品'), await goodsNamed('餐饮服务')];
    const created = await blue([
      { goodsId: office, quantity: '2', grossFen: 31600, rate: 130, discount: { kind: 'percent', percent: '10' } },
      { goodsId: food, quantity: null, grossFen: 20200, rate: 10 },
    ] as never);
    await finished(created.body.result.taskId);
    const blueId = created.body.result.invoiceId;
    const red = (body: Record<string, unknown>) =>
      server.call<{ taskId: string; invoiceId: string }>(
        'task/createRedInvoiceTask',
        { requestSerial: nextSerial(), blueInvoiceId: blueId, ...body },
        token,
      );

    expect((await red({ reason: '04', lines: [{ lineNo: 2, grossFen: 100 }] })).body.message).toBe('第 2 行是折扣行，随第 1 行一并红冲');
    expect((await red({ reason: '04', lines: [{ lineNo: 1, grossFen: 100 }] })).body.message).toBe(
      '第 1 行有折扣，须连同折扣行整行红冲 ¥284.40',
    );
    expect((await red({ reason: '04', lines: [{ lineNo: 1, grossFen: 28441 }] })).body.message).toBe('第 1 行最多可红冲 ¥284.40');

    const pair = await red({ reason: '04', lines: [{ lineNo: 1, grossFen: 28440 }] });
    expect(pair.body.success).toBe(true);
    expect((await finished(pair.body.result.taskId)).taskStatus).toBe(1);
    const pairRed = await invoice(pair.body.result.invoiceId);
    expect(pairRed.lines.map((line) => [line.lineNo, line.quantity, line.netFen, line.taxFen, line.grossFen, line.discountOf])).toEqual([
      [1, '-2', -27965, -3635, -31600, null],
      [2, null, 2796, 364, 3160, 1],
    ]);
    expect([pairRed.netFen, pairRed.taxFen, pairRed.grossFen]).toEqual([-25169, -3271, -28440]);
    expect(await invoice(blueId)).toMatchObject({ status: '部分红冲', leftFen: 20200, leftByLine: { 1: 0, 2: 0, 3: 20200 } });
    expect((await red({ reason: '04', lines: [{ lineNo: 1, grossFen: 1 }] })).body.message).toBe('第 1 行最多可红冲 ¥0.00');

    // The rest in full: the undiscounted line only, the pair being reversed already.
    const rest = await red({ reason: '02' });
    await finished(rest.body.result.taskId);
    expect((await invoice(rest.body.result.invoiceId)).lines.map((line) => [line.lineNo, line.grossFen])).toEqual([[3, -20200]]);
    expect(await invoice(blueId)).toMatchObject({ status: '已红冲', leftFen: 0 });
  });

  test('a full red reversal of an invoice with discount lines reverses every pair, exactly', async () => {
    await setReady(true, true);
    const created = await blue([
      { goodsId: await goodsNamed('办公用品'), quantity: '3', grossFen: 47400, rate: 130, discount: { kind: 'amount', fen: 1234 } },
    ] as never);
    await finished(created.body.result.taskId);
    const full = await server.call<{ taskId: string; invoiceId: string }>(
      'task/createRedInvoiceTask',
      { requestSerial: nextSerial(), blueInvoiceId: created.body.result.invoiceId, reason: '01' },
      token,
    );
    expect(full.body.success).toBe(true);
    expect((await finished(full.body.result.taskId)).taskStatus).toBe(1);
    const blueIssued = await invoice(created.body.result.invoiceId);
    const redIssued = await invoice(full.body.result.invoiceId);
    expect(redIssued.lines.map((line) => [line.lineNo, line.netFen, line.taxFen, line.grossFen, line.discountOf])).toEqual(
      blueIssued.lines.map((line) => [line.lineNo, -line.netFen, -line.taxFen, -line.grossFen, line.discountOf]),
    );
    expect(redIssued.grossFen).toBe(-(47400 - 1234));
    expect(await invoice(created.body.result.invoiceId)).toMatchObject({ status: '已红冲', leftFen: 0 });
  });

  test('the simulated bureau refuses an invoice whose discount line does not follow its line, and issues nothing', async () => {
    const [company] = await server.database.db.select().from(companies).where(eq(companies.id, companyId));
    const seller: InvoiceParty = { ...BUYER, name: company?.name ?? '', taxNumber: company?.xsfNsrsbh ?? '' };
    const request = {
      kind: 'blue' as const,
      type: '数电普票' as const,
      seller,
      buyer: BUYER,
      remarks: '',
      netFen: -100,
      taxFen: 0,
      grossFen: -100,
    };
    const stray = {
      lineNo: 1,
      itemName: '*纸制品*办公用品',
      taxCode: '1060201990000000000',
      model: '',
      unit: '',
      quantity: null,
      unitPrice: null,
      netFen: -100,
      ratePermille: null,
      taxFree: '免税' as const,
      taxFen: 0,
      grossFen: -100,
      discountOf: 2,
    };
    const ref = `sim-discount-${Date.now()}`;
    await expect(server.app.services.gateway.issueInvoice(ref, { ...request, lines: [stray] })).rejects.toMatchObject({
      name: 'GatewayError',
      reason: '税局拒绝开具：第 1 行折扣行应紧跟其被折扣行',
    });
    expect(await server.app.services.gateway.issueOutcome(ref)).toEqual({ state: 'none' });
  });

  test('a buyer who refuses the red-letter confirmation form: the red invoice fails, the blue one keeps what is left', async () => {
    await setReady(true, true);
    const created = await blue([{ goodsId: software(), quantity: null, grossFen: 3000, rate: 60 }]);
    await finished(created.body.result.taskId);
    expect((await server.app.inject({ method: 'POST', url: '/etax-sim/buyer', payload: { answer: 'refuse' } })).statusCode).toBe(200);
    try {
      const red = await server.call<{ taskId: string; invoiceId: string }>(
        'task/createRedInvoiceTask',
        { requestSerial: nextSerial(), blueInvoiceId: created.body.result.invoiceId, reason: '02' },
        token,
      );
      const detail = await finished(red.body.result.taskId);
      expect(detail).toMatchObject({ taskStatus: -1, failReason: '红字确认单作废（对方已拒绝）' });
      expect(await invoice(red.body.result.invoiceId)).toMatchObject({ status: '开具失败', redConfirmation: { state: '05' } });
      expect(await invoice(created.body.result.invoiceId)).toMatchObject({ status: '已开具', leftFen: 3000 });
    } finally {
      await server.app.inject({ method: 'POST', url: '/etax-sim/buyer', payload: { answer: 'confirm' } });
    }
  });

  test('a natural-person buyer needs no confirmation (01); the PDF link is signed and expires', async () => {
    await setReady(true, true);
    const person: InvoiceParty = { ...BUYER, name: '张三', taxNumber: '', naturalPerson: true };
    const created = await blue([{ goodsId: software(), quantity: null, grossFen: 5000, rate: 60 }], { buyer: person });
    await finished(created.body.result.taskId);
    const red = await server.call<{ taskId: string; invoiceId: string }>(
      'task/createRedInvoiceTask',
      { requestSerial: nextSerial(), blueInvoiceId: created.body.result.invoiceId, reason: '01' },
      token,
    );
    await finished(red.body.result.taskId);
    expect((await invoice(red.body.result.invoiceId)).redConfirmation?.state).toBe('01');

    const link = await server.call<{ url: string; fileName: string }>('invoice/pdfLink', { id: created.body.result.invoiceId }, token);
    expect(link.body.result.fileName).toMatch(/^发票_\d{20}\.pdf$/);
    const pdf = await server.app.inject(link.body.result.url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const forged = await server.app.inject(link.body.result.url.replace(/signature=[^&]+/, 'signature=forged'));
    expect(forged.statusCode).toBe(403);
  });

  test('another company cannot see, reverse, retry or link an invoice (1004)', async () => {
    await setReady(true, true);
    const created = await blue([{ goodsId: software(), quantity: null, grossFen: 1000, rate: 60 }]);
    await finished(created.body.result.taskId);
    const other = await server.tokenFor('出租车管理员');
    const id = created.body.result.invoiceId;
    for (const [path, body] of [
      ['invoice/get', { id }],
      ['invoice/pdfLink', { id }],
      ['invoice/resend', { id, email: 'a@b.cn' }],
      ['task/createRedInvoiceTask', { requestSerial: nextSerial(), blueInvoiceId: id, reason: '01' }],
      ['task/retryTask', { id: created.body.result.taskId }],
    ] as const) {
      expect((await server.call(path, body, other)).body.errorCode).toBe(1004);
    }
    const theirs = await server.call<{ list: InvoiceSummary[] }>('invoice/list', {}, other);
    expect(theirs.body.result.list.some((row) => row.id === id)).toBe(false);
    const notGoods = await server.call(
      'task/createBlueInvoiceTask',
      {
        requestSerial: nextSerial(),
        type: '数电普票',
        buyer: BUYER,
        lines: [{ goodsId: software(), quantity: null, grossFen: 100, rate: 60 }],
        remarks: '',
        deliverPhone: '',
        deliverEmail: '',
      },
      other,
    );
    expect(notGoods.body.errorCode).toBe(1004);
  });

  test('applications: submitted by a customer, approved while not ready (待开票), issued when ready, delivered; rejected', async () => {
    const customer = await server.tokenFor('普通用户');
    const [company] = await server.database.db.select().from(companies).where(eq(companies.id, companyId));
    const submit = (name: string) =>
      server.call<{ id: string }>(
        'invoiceApplication/submit',
        { companyCode: company?.code, buyer: { ...BUYER, name }, grossFen: 8800, deliverEmail: 'me@example.cn' },
        customer,
      );
    const first = (await submit('客户甲有限公司')).body.result.id;
    const second = (await submit('客户乙有限公司')).body.result.id;
    expect(
      (await server.call('invoiceApplication/submit', { companyCode: 'nope', buyer: BUYER, grossFen: 1 }, customer)).body.errorCode,
    ).toBe(4004);

    const summary = await server.call<{ applying: number }>('invoice/homeSummary', {}, token);
    expect(summary.body.result.applying).toBeGreaterThanOrEqual(2);

    await setReady(false, false);
    const approved = await server.call<{ results: { status: string; blockedReason: string }[] }>(
      'invoiceApplication/approve',
      { ids: [first] },
      token,
    );
    expect(approved.body.result.results[0]).toMatchObject({ status: '待开票', blockedReason: expect.stringContaining('未登录') });
    expect((await server.call('invoiceApplication/issueWaiting', {}, token)).body.errorCode).toBe(2002);

    await setReady(true, true);
    const issued = await server.call<{ results: { status: string; taskId: string }[] }>('invoiceApplication/issueWaiting', {}, token);
    expect(issued.body.result.results).toEqual([expect.objectContaining({ status: '开票中' })]);
    await finished(issued.body.result.results[0]?.taskId ?? '');
    const mine = await server.call<{ list: { id: string; status: string; companyName: string }[] }>(
      'invoiceApplication/mine',
      {},
      customer,
    );
    expect(mine.body.result.list.find((row) => row.id === first)).toMatchObject({ status: '已交付', companyName: company?.name });

    expect((await server.call('invoiceApplication/reject', { id: second, reason: ' ' }, token)).body.errorCode).toBe(4000);
    const rejected = await server.call<{ status: string; rejectReason: string }>(
      'invoiceApplication/reject',
      { id: second, reason: '金额与消费不符' },
      token,
    );
    expect(rejected.body.result).toMatchObject({ status: '已拒绝', rejectReason: '金额与消费不符' });
    expect((await server.call('invoiceApplication/approve', { ids: [second] }, token)).body.errorCode).toBe(2005);
    expect((await server.call('invoiceApplication/approve', { ids: [second] }, await server.tokenFor('出租车管理员'))).body.errorCode).toBe(
      1004,
    );
  });
});
