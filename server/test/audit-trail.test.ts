/**
 * The audit trail (操作日志): an entry of a change holds who made it, their role, the request id and the address; a
 * manager lists their own company's entries only, filtered by person, kind and China days, page after page without
 * a gap or a repeat; the database refuses to change or remove an entry.
 */
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { auditEntries } from '../src/db/schema/audit';
import { companies } from '../src/db/schema/companies';
import { DEMO_TAX_NUMBERS } from '../src/db/seed';
import { expectEnvelope, expectRefused } from './support/call-kit';
import { createTestServer, type TestServer } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';

interface Entry {
  id: string;
  userId: string;
  userName: string;
  role: string | null;
  kind: string;
  objectType: string;
  objectId: string | null;
  summary: string;
  requestId: string;
  ip: string;
  createdAt: string;
}
interface Page {
  list: Entry[];
  hasMore: boolean;
}

describeEachDatabase('audit trail (%s)', (kind) => {
  let server: TestServer;
  let manager: string;
  let taxiManager: string;
  let managerId: string;
  let tradingId: string;
  let taxiId: string;

  const good = async <T>(token: string, path: string, body: unknown = {}): Promise<T> => {
    const { status, body: envelope } = await server.call<T>(path, body, token);
    expectEnvelope(envelope);
    if (status !== 200 || !envelope.success) throw new Error(`${path}: ${status} ${JSON.stringify(envelope)}`);
    return envelope.result;
  };
  const list = (token: string, body: Record<string, unknown> = {}) => good<Page>(token, 'audit/list', body);
  const companyOf = async (xsfNsrsbh: string) =>
    (await server.database.db.select({ id: companies.id }).from(companies).where(eq(companies.xsfNsrsbh, xsfNsrsbh)))[0]!.id;
  const entry = (companyId: string, createdAt: Date, values: Partial<typeof auditEntries.$inferInsert> = {}) => ({
    companyId,
    userId: managerId,
    role: '管理员',
    kind: 'goods.save' as const,
    objectType: 'goods' as const,
    objectId: null,
    summary: '新增商品「测试」',
    requestId: 'seeded',
    ip: '127.0.0.1',
    createdAt,
    ...values,
  });

  beforeAll(async () => {
    server = await createTestServer(kind);
    manager = await server.tokenFor('企业管理员');
    taxiManager = await server.tokenFor('出租车管理员');
    managerId = await server.userIdOf('企业管理员');
    tradingId = await companyOf(DEMO_TAX_NUMBERS.trading);
    taxiId = await companyOf(DEMO_TAX_NUMBERS.taxi);
  });
  afterAll(async () => server?.close());

  test('a change writes its entry: who, their role, what, the request id and the address; a refused change writes none', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/goods/save',
      headers: { authorization: `Bearer ${manager}`, 'x-request-id': 'audit-test-request-1', 'content-type': 'application/json' },
      payload: {
        name: '审计测试商品',
        taxCode: '3040602000000000000',
        taxShortName: '咨询服务',
        model: '',
        unit: '次',
        unitPriceFen: 100,
        taxRatePermille: 60,
        taxFree: null,
      },
    });
    const saved = response.json<{ success: boolean; result: { id: string } }>();
    if (!saved.success) throw new Error(JSON.stringify(saved));
    const { list: entries } = await list(manager, { kind: 'goods.save', pageSize: 1 });
    expect(entries).toEqual([
      expect.objectContaining({
        userId: managerId,
        role: '管理员',
        kind: 'goods.save',
        objectType: 'goods',
        objectId: saved.result.id,
        summary: '新增商品「审计测试商品」',
        requestId: 'audit-test-request-1',
        ip: expect.any(String),
      }),
    ]);
    const before = (await server.database.db.select().from(auditEntries)).length;
    expectRefused(await server.call('goods/delete', { id: '00000000-0000-4000-8000-000000000000' }, manager), 404, '商品不存在', 4004);
    expect((await server.database.db.select().from(auditEntries)).length).toBe(before);
  });

  test('a manager sees only their company’s entries; another company’s person or entry finds nothing; others are refused', async () => {
    await good(taxiManager, 'taxiCar/add', { licensePlateNumber: '浙A·A1234' });
    const trading = await list(manager, { pageSize: 100 });
    const taxi = await list(taxiManager, { pageSize: 100 });
    expect(trading.list.length).toBeGreaterThan(0);
    expect(taxi.list.map((row) => row.kind)).toContain('taxiCar.add');
    const stored = await server.database.db.select({ id: auditEntries.id, companyId: auditEntries.companyId }).from(auditEntries);
    const companyOfEntry = new Map(stored.map((row) => [row.id, row.companyId]));
    expect(new Set(trading.list.map((row) => companyOfEntry.get(row.id)))).toEqual(new Set([tradingId]));
    expect(new Set(taxi.list.map((row) => companyOfEntry.get(row.id)))).toEqual(new Set([taxiId]));
    expect((await list(taxiManager, { userId: managerId })).list).toEqual([]);
    expect((await list(taxiManager, { after: trading.list[0]!.id })).list).toEqual([]);
    for (const label of ['企业员工', '普通用户', '线下收款管理员']) {
      const answer = await server.call('audit/list', {}, await server.tokenFor(label));
      expect(answer.body.errorCode).toBe(1003);
    }
  });

  test('filters: person, kind and China days (a day runs from 00:00 to 24:00 China time)', async () => {
    const db = server.database.db;
    const employeeId = await server.userIdOf('企业员工');
    await db
      .insert(auditEntries)
      .values([
        entry(tradingId, new Date('2025-03-01T15:59:59.000Z'), { summary: 'last of 1 March' }),
        entry(tradingId, new Date('2025-03-01T16:00:00.000Z'), { summary: 'first of 2 March', userId: employeeId, role: '员工' }),
        entry(tradingId, new Date('2025-03-02T15:59:59.999Z'), { summary: 'last of 2 March', kind: 'ticket.delete', objectType: 'ticket' }),
        entry(tradingId, new Date('2025-03-02T16:00:00.000Z'), { summary: 'first of 3 March' }),
      ]);
    const summaries = async (body: Record<string, unknown>) => (await list(manager, body)).list.map((row) => row.summary);
    expect(await summaries({ fromDay: '2025-03-02', toDay: '2025-03-02' })).toEqual(['last of 2 March', 'first of 2 March']);
    expect(await summaries({ toDay: '2025-03-01' })).toEqual(['last of 1 March']);
    expect(await summaries({ fromDay: '2025-03-02', toDay: '2025-03-03', kind: 'ticket.delete' })).toEqual(['last of 2 March']);
    expect(await summaries({ userId: employeeId, toDay: '2025-03-31' })).toEqual(['first of 2 March']);
    const backwards = await server.call('audit/list', { fromDay: '2025-03-02', toDay: '2025-03-01' }, manager);
    expectRefused(backwards, 400, '结束日期不能早于开始日期', 4000);
  });

  test('paging: page after page, newest first, entries of the same instant neither repeated nor skipped', async () => {
    const at = new Date('2024-06-01T04:00:00.000Z');
    await server.database.db
      .insert(auditEntries)
      .values(
        Array.from({ length: 45 }, (_, index) =>
          entry(tradingId, index < 30 ? at : new Date(at.getTime() - index), { summary: `p${index}` }),
        ),
      );
    const seen: string[] = [];
    let after: string | undefined;
    const pages: boolean[] = [];
    do {
      const page = await list(manager, { toDay: '2024-06-01', pageSize: 20, ...(after && { after }) });
      seen.push(...page.list.map((row) => row.summary));
      pages.push(page.hasMore);
      after = page.hasMore ? page.list.at(-1)?.id : undefined;
    } while (after);
    expect(pages).toEqual([true, true, false]);
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    expect(seen.slice(30)).toEqual(Array.from({ length: 15 }, (_, index) => `p${index + 30}`));
  });

  // Entries are never changed, so they must hold nothing a person may have erased (注销账号): no phone, name or address.
  test('an entry names what changed, never a person’s phone, name or e-mail', async () => {
    await good(manager, 'companyUser/add', { phone: '13911112222', name: '审计受邀人', role: 'employee' });
    await good(manager, 'title/save', { kind: '个人', name: '审计个人抬头', email: 'audit-person@example.cn' });
    const summaries = (await server.database.db.select({ summary: auditEntries.summary }).from(auditEntries)).map((row) => row.summary);
    expect(summaries).toContain('邀请新员工，角色为员工');
    expect(summaries).toContain('新增个人抬头');
    expect(summaries.filter((summary) => /13911112222|审计受邀人|审计个人抬头|audit-person/.test(summary))).toEqual([]);
  });

  test('the database refuses to update, delete or truncate an entry', async () => {
    const [row] = await server.database.db.select({ id: auditEntries.id }).from(auditEntries).limit(1);
    const raw = server.database.raw;
    await expect(raw(`update audit_entries set summary = 'changed' where id = $1`, [row!.id])).rejects.toThrow(/append-only/);
    await expect(raw('delete from audit_entries where id = $1', [row!.id])).rejects.toThrow(/append-only/);
    await expect(raw('truncate audit_entries')).rejects.toThrow(/append-only/);
    expect(await server.database.db.select().from(auditEntries).where(eq(auditEntries.id, row!.id))).toHaveLength(1);
  });
});
