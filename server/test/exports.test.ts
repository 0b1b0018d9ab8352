/**
 * Exports (server/src/exports/): the invoice list, the ticket folder and 收支 as an `.xlsx` read back with exceljs —
 * one row per list row, a totals row equal to the list's totals for the same filters, real dates, amounts in yuan with
 * two decimals — and the invoices' PDFs as a `.zip` named by number; made by the worker with progress, fetched by a
 * signed link (a forged or expired one refused), e-mailed into the outbox; company-scoped and role-checked as the
 * lists; bad input refused with 4000 naming the field.
 */
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { ExportJob } from '@app/contract/export';
import type { PaymentRecord } from '@app/contract/payment';
import type { TicketPage } from '@app/contract/ticket';
import { chinaMonth } from '@app/domain/china-time';
import type { InvoiceSummary } from '@app/domain/invoice-document';
import { memberships } from '../src/db/schema/companies';
import { exportFiles } from '../src/db/schema/exports';
import { outboxMessages } from '../src/db/schema/invoices';
import { exportLink } from '../src/exports/export-link';
import { CHUNK_BYTES } from '../src/exports/export-store';
import { expectRefused } from './support/call-kit';
import { describeEachDatabase } from './support/database-suites';
import { seedCompanyRows } from './support/scale-seed';
import { createTestServer, eventually, type TestServer } from './support/test-server';

const WORKER = { enabled: true, pollMs: 20, stepTimeoutMs: 8000, leaseMs: 10_000, batch: 4 };
const MONTH = chinaMonth(new Date());

/** The names of a zip's entries, from its central directory (enough for what yazl writes: no zip64 here). */
function zipEntries(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    names.push(zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + extra + comment;
  }
  return names;
}

describeEachDatabase('exports (%s)', (kind) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await createTestServer(kind, { worker: WORKER });
    admin = await server.tokenFor('企业管理员');
    const userId = await server.userIdOf('企业管理员');
    const [membership] = await server.database.db.select().from(memberships).where(eq(memberships.userId, userId));
    await seedCompanyRows(server.database.raw, {
      companyId: membership!.companyId,
      userId,
      invoices: 90,
      tasks: 0,
      applications: 0,
      goods: 1,
      payments: 30,
      withdrawals: 4,
      tickets: 40,
      numberPrefix: 4242,
      minutesApart: 9,
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const ok = async <T>(path: string, body: unknown, token = admin): Promise<T> => {
    const answer = await server.call<T>(path, body, token);
    if (!answer.body.success) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
    return answer.body.result;
  };
  /** Every row of a list call for these filters, page by page. */
  const allOf = async <T>(path: string, body: Record<string, unknown>, token = admin) => {
    const rows: T[] = [];
    for (let page = 1; ; page++) {
      const answer = await ok<{ total: number; list: T[] }>(path, { ...body, page, pageSize: 100 }, token);
      rows.push(...answer.list);
      if (rows.length >= answer.total || !answer.list.length) return rows;
    }
  };
  const made = (id: string, token = admin) =>
    eventually(async () => {
      const job = await ok<ExportJob>('export/get', { id }, token);
      return job.state !== '生成中' ? job : null;
    });
  const download = async (url: string) => server.app.inject({ method: 'GET', url });
  /** Makes the export and waits for it to finish; the worker runs one export of a source at a time per user. */
  const exported = async (body: Record<string, unknown>, token = admin) => {
    const job = await ok<ExportJob>('export/create', body, token);
    expect(job).toMatchObject({ state: '生成中', url: null });
    const done = await made(job.id, token);
    expect(done).toMatchObject({ state: '已生成', progress: 100, failReason: null });
    return done;
  };
  const sheetOf = async (job: ExportJob) => {
    const answer = await download(job.url!);
    expect(answer.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const rows: ExcelJS.Row[] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) rows.push(row);
    });
    const cell = (row: ExcelJS.Row, header: string) => row.getCell(headers.indexOf(header) + 1);
    return { answer, headers, body: rows.slice(0, -1), totals: rows[rows.length - 1]!, cell };
  };
  const fen = (value: unknown) => Math.round(Number(value) * 100);

  test('the month’s invoices: a row each as the list has them, dates as dates, yuan with 2 decimals, totals of the issued', async () => {
    const job = await exported({ source: 'invoices', format: 'xlsx', month: MONTH });
    const listed = await allOf<InvoiceSummary>('invoice/list', { month: MONTH });
    expect(listed.length).toBeGreaterThan(10);
    expect(job).toMatchObject({ rows: listed.length, fileName: `发票_${MONTH}.xlsx`, from: `${MONTH}-01` });
    expect(new Date(job.expiresAt!).getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const { answer, headers, body, totals, cell } = await sheetOf(job);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="___${MONTH}.xlsx"; filename*=UTF-8''${encodeURIComponent(`发票_${MONTH}.xlsx`)}`,
    );
    expect(headers).toEqual(
      expect.arrayContaining([
        '发票号码',
        '开票日期',
        '购买方名称',
        '购买方纳税人识别号',
        '销售方名称',
        '金额',
        '税额',
        '价税合计',
        '税率',
        '状态',
      ]),
    );
    expect(body.map((row) => cell(row, '发票号码').value ?? null)).toEqual(listed.map((row) => row.number));
    expect(body.map((row) => fen(cell(row, '价税合计').value))).toEqual(listed.map((row) => row.grossFen));
    const issued = listed.filter((row) => row.status !== '开具失败' && row.status !== '开具中');
    for (const key of ['netFen', 'taxFen', 'grossFen'] as const) {
      const header = { netFen: '金额', taxFen: '税额', grossFen: '价税合计' }[key];
      expect(fen(cell(totals, header).value)).toBe(issued.reduce((sum, row) => sum + row[key], 0));
      expect(cell(totals, header).numFmt).toBe('0.00');
    }
    const first = body.find((row) => cell(row, '开票日期').value !== null)!;
    expect(cell(first, '开票日期').value).toBeInstanceOf(Date);
    expect(cell(first, '开票日期').numFmt).toBe('yyyy-mm-dd');
    const firstListed = listed.find((row) => row.issuedAt)!;
    expect((cell(first, '开票日期').value as Date).toISOString().slice(0, 10)).toBe(
      new Date(new Date(firstListed.issuedAt!).getTime() + 8 * 3600_000).toISOString().slice(0, 10),
    );
    for (const row of body) expect(Number.isInteger(Math.round(Number(cell(row, '金额').value) * 100 * 1e6) / 1e6)).toBe(true);
  });

  test('the list’s filters and keyword select the same invoices; a range of days the ones listed in it', async () => {
    const blue = await exported({ source: 'invoices', format: 'xlsx', month: MONTH, invoices: { kind: 'red', status: '已开具' } });
    const listedRed = await allOf<InvoiceSummary>('invoice/list', { month: MONTH, kind: 'red', status: '已开具' });
    expect(blue.rows).toBe(listedRed.length);
    const sample = listedRed[0]!.number!;
    const tail = sample.slice(-6);
    const byNumber = await exported({ source: 'invoices', format: 'xlsx', month: MONTH, invoices: { keyword: tail } });
    const { body, cell } = await sheetOf(byNumber);
    expect(body.map((row) => cell(row, '发票号码').value)).toEqual(
      (await allOf<InvoiceSummary>('invoice/list', { month: MONTH, keyword: tail })).map((row) => row.number),
    );
    const day = new Date(new Date(listedRed[0]!.issuedAt!).getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    const ofDay = await exported({ source: 'invoices', format: 'xlsx', from: day, to: day });
    const listedOfDay = (await allOf<InvoiceSummary>('invoice/list', { month: day.slice(0, 7) })).filter(
      (row) => new Date(new Date(row.issuedAt ?? row.createdAt).getTime() + 8 * 3600_000).toISOString().slice(0, 10) === day,
    );
    expect(ofDay).toMatchObject({ rows: listedOfDay.length, fileName: `发票_${day}.xlsx` });
  });

  test('the ticket folder: a row per ticket with 查验 and 报销, totals equal to ticket/list’s', async () => {
    const job = await exported({ source: 'tickets', format: 'xlsx', month: MONTH });
    const first = await ok<TicketPage>('ticket/list', { month: MONTH, pageSize: 100 });
    expect(job.rows).toBe(first.total);
    const { headers, body, totals, cell } = await sheetOf(job);
    expect(headers).toEqual(expect.arrayContaining(['发票代码', '发票号码', '查验状态', '查验时间', '报销状态', '报销人', '报销时间']));
    expect(body.map((row) => cell(row, '发票号码').value)).toEqual(first.list.map((row) => row.number));
    expect({
      netFen: fen(cell(totals, '金额').value),
      taxFen: fen(cell(totals, '税额').value),
      grossFen: fen(cell(totals, '价税合计').value),
    }).toEqual({ netFen: first.totals.netFen, taxFen: first.totals.taxFen, grossFen: first.totals.grossFen });
    expect(cell(body[0]!, '开票日期').value).toBeInstanceOf(Date);
  });

  test('收支: the lines of payment/list, income and expense totals equal to the list’s', async () => {
    const job = await exported({ source: 'payments', format: 'xlsx', month: MONTH });
    const list = await ok<{ total: number; incomeFen: number; expenseFen: number }>('payment/list', { month: MONTH, pageSize: 1 });
    const records = await allOf<PaymentRecord>('payment/list', { month: MONTH });
    expect(job.rows).toBe(list.total);
    const { body, totals, cell } = await sheetOf(job);
    expect(body.map((row) => cell(row, '订单号').value)).toEqual(records.map((row) => row.orderNo));
    expect(fen(cell(totals, '收入').value)).toBe(list.incomeFen);
    expect(fen(cell(totals, '支出').value)).toBe(list.expenseFen);
    expect(cell(body[0]!, '时间').value).toBeInstanceOf(Date);
    const income = await exported({ source: 'payments', format: 'xlsx', month: MONTH, payments: { type: 'income' } });
    expect(income.rows).toBe(records.filter((row) => row.type === 'income').length);
  });

  test('the month’s red invoices as a zip: one PDF each, named by its number', async () => {
    const job = await exported({ source: 'invoices', format: 'zip', month: MONTH, invoices: { kind: 'red' } });
    const listed = (await allOf<InvoiceSummary>('invoice/list', { month: MONTH, kind: 'red' })).filter((row) => row.number);
    expect(job).toMatchObject({ fileName: `发票PDF_${MONTH}.zip`, rows: listed.length });
    const answer = await download(job.url!);
    expect(answer.headers['content-type']).toBe('application/zip');
    const names = zipEntries(answer.rawPayload);
    expect(names.sort()).toEqual(listed.map((row) => `红字发票_${row.number}.pdf`).sort());
    expect(answer.rawPayload.indexOf('%PDF-')).toBeGreaterThan(0);
  });

  test('sent by e-mail into the outbox: on create, and again with export/send', async () => {
    const job = await ok<ExportJob>('export/create', {
      source: 'tickets',
      format: 'xlsx',
      month: MONTH,
      email: 'accountant@firm.test',
    });
    const stored = () =>
      eventually(async () => {
        const rows = await server.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'accountant@firm.test'));
        return rows.length ? rows : null;
      });
    const [message] = await stored();
    expect(message).toMatchObject({ channel: 'email', attachmentName: `票夹_${MONTH}.xlsx` });
    expect(message!.subject).toContain('票夹明细');
    expect(message!.body).toContain('/files/exports/');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(message!.attachment as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBe((await made(job.id)).rows + 2);
    expect((await made(job.id)).emailedTo).toBe('accountant@firm.test');
    await ok('export/send', { id: job.id, email: 'boss@firm.test' });
    const again = await eventually(async () => {
      const rows = await server.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'boss@firm.test'));
      return rows.length ? rows : null;
    });
    expect(again).toHaveLength(1);
    expectRefused(await server.call('export/send', { id: job.id, email: 'not-an-address' }, admin), 400, '邮箱', 4000);
  });

  test('a forged, a re-targeted or an expired link is refused in Chinese; a file past its time too', async () => {
    const job = await exported({ source: 'invoices', format: 'xlsx', month: MONTH, invoices: { kind: 'red' } });
    const forged = job.url!.replace(/signature=[^&]+/, 'signature=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(await download(forged)).toMatchObject({ statusCode: 403, body: '下载链接无效' });
    const other = await exported({ source: 'tickets', format: 'xlsx', month: MONTH });
    expect((await download(other.url!.replace(other.id, job.id))).statusCode).toBe(403);
    const secretKey = server.app.services.secretKey;
    const stale = exportLink(secretKey, job.id, Date.now() - 11 * 60_000);
    expect(await download(stale.url)).toMatchObject({ statusCode: 403, body: '下载链接已过期，请回到应用重新获取' });
    await server.database.db
      .update(exportFiles)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(exportFiles.id, job.id));
    const fresh = exportLink(secretKey, job.id);
    expect(await download(fresh.url)).toMatchObject({ statusCode: 410, body: '文件已过期，请重新导出' });
    expect(await ok<ExportJob>('export/get', { id: job.id })).toMatchObject({
      state: '生成失败',
      url: null,
      failReason: '文件已过期，请重新导出',
    });
    expectRefused(await server.call('export/link', { id: job.id }, admin), 409, '文件已过期', 2005);
  });

  test('another company’s user, another user of the company and a role without the list are refused', async () => {
    const job = await exported({ source: 'payments', format: 'xlsx', month: MONTH });
    const taxi = await server.tokenFor('出租车管理员');
    expectRefused(await server.call('export/get', { id: job.id }, taxi), 403, '无权查看该企业的导出记录', 1004);
    expectRefused(await server.call('export/link', { id: job.id }, taxi), 403, '无权查看该企业的导出记录', 1004);
    expectRefused(await server.call('export/send', { id: job.id, email: 'x@y.test' }, taxi), 403, '无权查看该企业的导出记录', 1004);
    expect((await ok<{ list: ExportJob[] }>('export/list', {}, taxi)).list).toEqual([]);
    const staff = await server.tokenFor('企业员工');
    expectRefused(await server.call('export/get', { id: job.id }, staff), 404, '导出记录不存在', 4004);
    expectRefused(await server.call('export/create', { source: 'payments', format: 'xlsx', month: MONTH }, staff), 403, '权限', 1003);
    const outsider = await server.tokenFor('普通用户');
    expectRefused(
      await server.call('export/create', { source: 'invoices', format: 'xlsx', month: MONTH }, outsider),
      403,
      '企业用户',
      1003,
    );
    expectRefused(await server.call('export/create', { source: 'invoices', format: 'xlsx', month: MONTH }, null), 401, undefined, 1001);
    const cashier = await server.tokenFor('线下收款管理员');
    expect((await exported({ source: 'payments', format: 'xlsx', month: MONTH }, cashier)).rows).toBe(job.rows);
    // The taxi company's own export holds its own (empty) month, never the trading company's rows.
    expect((await exported({ source: 'invoices', format: 'xlsx', month: MONTH }, taxi)).rows).toBe(0);
  });

  test('bad input answers 4000 naming the field', async () => {
    const staff = await server.tokenFor('企业员工');
    const refused = async (body: Record<string, unknown>, field: string, message: string) => {
      const answer = await server.call<{ fields: Record<string, string> }>('export/create', body, staff);
      expectRefused(answer, 400, message, 4000);
      expect(Object.keys(answer.body.result.fields)).toContain(field);
    };
    const base = { source: 'invoices', format: 'xlsx' };
    await refused({ ...base, from: '2026-11-20', to: '2026-11-01' }, 'to', '结束日期不能早于开始日期');
    await refused({ ...base, from: '2025-01-01', to: '2026-06-30' }, 'to', '不能超过 366 天');
    await refused({ ...base }, 'from', '请选择月份或起止日期');
    await refused({ ...base, from: '2026-02-30', to: '2026-03-01' }, 'from', '开始日期不存在');
    await refused({ ...base, source: 'orders', month: MONTH }, 'source', '取值无效');
    await refused({ ...base, source: 'tickets', format: 'zip', month: MONTH }, 'format', '只有发票');
    await refused({ ...base, month: MONTH, tickets: { reimbursed: true } }, 'tickets', '筛选条件与导出内容不符');
    await refused({ ...base, month: MONTH, invoices: { kind: 'green' } }, 'invoices.kind', '取值无效');
    await refused({ ...base, month: MONTH, invoices: { page: 2 } }, 'invoices.page', '不支持的参数');
    await refused({ ...base, month: MONTH, email: 'nobody' }, 'email', '邮箱');
    await refused({ ...base, month: '2026-13' }, 'month', '格式不正确');
  });

  test('one export of a source at a time: a second answers 2001 with the running one', async () => {
    await server.app.worker?.stop();
    try {
      const first = await ok<ExportJob>('export/create', { source: 'tickets', format: 'xlsx', month: MONTH });
      const answers = await Promise.all(
        [1, 2].map(() => server.call<{ taskId: string }>('export/create', { source: 'tickets', format: 'xlsx', month: MONTH }, admin)),
      );
      for (const answer of answers) {
        expectRefused(answer, 409, '正在生成上一份导出', 2001);
        expect(answer.body.result.taskId).toBe(first.id);
      }
      server.app.worker?.start();
      expect((await made(first.id)).state).toBe('已生成');
    } finally {
      server.app.worker?.start();
    }
  });

  test('a file chunk’s bytes come back as stored: every byte value, from a slice of a larger buffer, a megabyte long', async () => {
    const whole = Buffer.alloc(CHUNK_BYTES + 16);
    for (let at = 0; at < whole.length; at++) whole[at] = (at * 7 + 3) % 256;
    const chunk = whole.subarray(16);
    const [row] = await server.database.raw('select $1::bytea as data, length($1::bytea) as length', [chunk]);
    expect(Number(row?.length)).toBe(CHUNK_BYTES);
    expect(Buffer.compare(Buffer.from(row?.data as Uint8Array), chunk)).toBe(0);
    const [empty] = await server.database.raw(`select '\\x'::bytea as data`);
    expect(Buffer.from(empty?.data as Uint8Array).length).toBe(0);
  });
});
