/**
 * 发票抬头 calls (title/list, get, save, setDefault, delete): the good paths, the field rules with their messages (the
 * domain's), the one default title, and tenancy between users: another user's title answers 1004 and stays as it was.
 */
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { eq } from 'drizzle-orm';
import type { Title } from '@app/domain/invoice-title';
import { TAX_NUMBER_MESSAGES } from '@app/domain/tax-number';
import { createSession } from '../src/auth/session-tokens';
import { titles } from '../src/db/schema/titles';
import { users } from '../src/db/schema/users';
import { expectEnvelope, expectRefused } from './support/call-kit';
import { createTestServer, type TestServer } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';

const NOBODY = '00000000-0000-4000-8000-000000000000';
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const COMPANY_TITLE = {
  kind: '企业',
  name: '杭州优税通科技有限公司',
  taxNumber: '91110000802100433B',
  address: '杭州市西湖区文三路 100 号',
  phone: '0571-88886666',
  bankName: '招商银行杭州分行',
  bankAccount: '571908765432101',
  email: 'finance@youshui.cn',
  isDefault: false,
} as const;

const PERSON_TITLE = {
  kind: '个人',
  name: '张三',
  taxNumber: '',
  address: '',
  phone: '',
  bankName: '',
  bankAccount: '',
  email: '',
  isDefault: false,
} as const;

interface TitlePage {
  total: number;
  list: Title[];
}

describeEachDatabase('title calls (%s)', (kind) => {
  let server: TestServer;
  let owner: string;
  let stranger: string;

  const as = <T = unknown>(token: string, path: string, body: unknown = {}) => server.call<T>(path, body, token);
  const good = async <T = unknown>(token: string, path: string, body: unknown = {}): Promise<T> => {
    const { status, body: envelope } = await as<T>(token, path, body);
    expectEnvelope(envelope);
    if (status !== 200 || !envelope.success) throw new Error(`${path}: expected success, got ${status}: ${JSON.stringify(envelope)}`);
    return envelope.result;
  };
  const save = (token: string, body: Record<string, unknown>) => good<Title>(token, 'title/save', body);
  const list = (token: string, body: Record<string, unknown> = {}) => good<TitlePage>(token, 'title/list', body);
  const defaults = async (token: string) => (await list(token)).list.filter((title) => title.isDefault).map((title) => title.name);
  const storedRows = () => server.database.db.select().from(titles);
  /** A new user without titles (the demo users come with seeded ones): a session token. */
  const newUser = async (subject: string) => {
    const [user] = await server.database.db
      .insert(users)
      .values({ provider: 'test', providerSubject: subject, nickname: subject })
      .returning();
    return createSession(server.database.db, user!.id);
  };

  beforeAll(async () => {
    server = await createTestServer(kind);
    owner = await newUser('owner');
    stranger = await newUser('stranger');
  });
  afterAll(async () => server?.close());

  test('save creates a title, normalised; get and list answer it', async () => {
    const created = await save(owner, { ...COMPANY_TITLE, name: '  杭州优税通科技有限公司 ', taxNumber: '91110000802100433b' });
    expect(created).toEqual({ ...COMPANY_TITLE, id: expect.stringMatching(/^[0-9a-f-]{36}$/), createdAt: expect.stringMatching(ISO_TIME) });
    expect(await good<Title>(owner, 'title/get', { id: created.id })).toEqual(created);
    expect(await list(owner)).toEqual({ total: 1, list: [created] });
    // Nobody else sees it.
    expect(await list(stranger)).toEqual({ total: 0, list: [] });

    const person = await save(stranger, { ...PERSON_TITLE });
    expect(person).toMatchObject({ kind: '个人', name: '张三', taxNumber: '', isDefault: false });
    // Only kind and name are needed; the rest default to empty.
    const bare = await save(stranger, { kind: '个人', name: '李四' });
    expect(bare).toMatchObject({ taxNumber: '', address: '', phone: '', bankName: '', bankAccount: '', email: '', isDefault: false });
    // A person may give a valid tax number.
    expect((await save(stranger, { ...PERSON_TITLE, name: '王五', taxNumber: '91440300708461136T' })).taxNumber).toBe('91440300708461136T');
  });

  test('save with an id edits the title', async () => {
    const created = await save(owner, { ...PERSON_TITLE, name: '待修改' });
    const edited = await save(owner, { ...COMPANY_TITLE, id: created.id, name: '已修改有限公司', email: '' });
    expect(edited).toEqual({ ...COMPANY_TITLE, id: created.id, name: '已修改有限公司', email: '', createdAt: created.createdAt });
    expect(await good<Title>(owner, 'title/get', { id: created.id })).toEqual(edited);
    await good(owner, 'title/delete', { id: created.id });
  });

  test('the field rules answer 4000 with the domain’s messages, and store nothing', async () => {
    const before = await storedRows();
    const refused = async (body: Record<string, unknown>, message: string) =>
      expectRefused(await as(owner, 'title/save', { ...COMPANY_TITLE, ...body }), 400, message);
    await refused({ taxNumber: '' }, TAX_NUMBER_MESSAGES.empty);
    await refused({ taxNumber: '91110000802100433C' }, TAX_NUMBER_MESSAGES.check);
    await refused({ taxNumber: '12345' }, TAX_NUMBER_MESSAGES.shape);
    await refused({ kind: '个人', taxNumber: '12345' }, TAX_NUMBER_MESSAGES.shape);
    await refused({ name: '   ' }, '请填写抬头名称');
    await refused({ name: '' }, '抬头名称(name) 不能为空');
    await refused({ name: '名'.repeat(101) }, '抬头名称(name) 不能超过 100 个字符');
    await refused({ address: '地'.repeat(90), phone: '13800001111' }, '地址和电话合计不能超过 100 个字');
    await refused({ bankName: '行'.repeat(90), bankAccount: '62220210123' }, '开户行和账号合计不能超过 100 个字');
    await refused({ bankAccount: '6222-0210' }, '银行账号只能是数字');
    await refused({ phone: '12345' }, '电话格式不正确，请填写手机号或带区号的座机号');
    await refused({ email: 'finance@' }, '邮箱格式不正确');
    await refused({ kind: '公司' }, '抬头类型(kind) 的取值无效');
    await refused({ id: 'not-an-id' }, '抬头编号(id) 格式不正确');
    expect(await storedRows()).toEqual(before);
  });

  test('one default at most: save and setDefault move it, deleting it leaves none, the default is listed first', async () => {
    const token = await newUser('defaults');
    const first = await save(token, { ...COMPANY_TITLE, name: '一号公司', isDefault: true });
    const second = await save(token, { ...COMPANY_TITLE, name: '二号公司' });
    const third = await save(token, { ...PERSON_TITLE, name: '三号个人' });
    expect((await list(token)).list.map((title) => title.name)).toEqual(['一号公司', '三号个人', '二号公司']);

    // Saving another as default clears the first.
    await save(token, { ...COMPANY_TITLE, id: second.id, name: '二号公司', isDefault: true });
    expect(await defaults(token)).toEqual(['二号公司']);
    expect((await list(token)).list.map((title) => title.name)).toEqual(['二号公司', '三号个人', '一号公司']);

    const chosen = await good<Title>(token, 'title/setDefault', { id: third.id });
    expect(chosen).toMatchObject({ id: third.id, isDefault: true });
    expect(await defaults(token)).toEqual(['三号个人']);
    // Setting it again changes nothing.
    await good(token, 'title/setDefault', { id: third.id });
    expect(await defaults(token)).toEqual(['三号个人']);

    // Editing the default without the flag leaves no default.
    await save(token, { ...PERSON_TITLE, id: third.id, name: '三号个人' });
    expect(await defaults(token)).toEqual([]);
    await good(token, 'title/setDefault', { id: first.id });

    // Other users' defaults are not touched.
    const strangerDefault = await save(stranger, { ...PERSON_TITLE, name: '别人的默认', isDefault: true });
    expect(await good(token, 'title/delete', { id: first.id })).toEqual({ id: first.id });
    expect(await defaults(token)).toEqual([]);
    expect((await list(token)).total).toBe(2);
    expectRefused(await as(token, 'title/get', { id: first.id }), 404, '抬头不存在', 4004);
    expect((await good<Title>(stranger, 'title/get', { id: strangerDefault.id })).isDefault).toBe(true);
  });

  test('setDefault at the same moment for many titles leaves exactly one default', async () => {
    const token = await newUser('concurrent');
    const created: Title[] = [];
    for (let i = 0; i < 6; i++) created.push(await save(token, { ...PERSON_TITLE, name: `并发${i}` }));
    const answers = await Promise.all(created.map((title) => as(token, 'title/setDefault', { id: title.id })));
    for (const answer of answers) expect(answer.body.success).toBe(true);
    expect(await defaults(token)).toHaveLength(1);
  });

  test('list pages: 20 by default, pageSize, page past the end', async () => {
    const token = await newUser('pages');
    for (let i = 1; i <= 23; i++) await save(token, { ...PERSON_TITLE, name: `个人${String(i).padStart(2, '0')}` });
    const page1 = await list(token);
    expect(page1.total).toBe(23);
    expect(page1.list).toHaveLength(20);
    // Newest first.
    expect(page1.list[0]?.name).toBe('个人23');
    const page2 = await list(token, { page: 2 });
    expect(page2.list.map((title) => title.name)).toEqual(['个人03', '个人02', '个人01']);
    expect((await list(token, { page: 3, pageSize: 10 })).list.map((title) => title.name)).toEqual(['个人03', '个人02', '个人01']);
    expect(await list(token, { page: 9 })).toEqual({ total: 23, list: [] });
  });

  test('tenancy: another user’s title answers 1004 on every call and stays as it was; an unknown id 4004', async () => {
    const mine = await save(owner, { ...COMPANY_TITLE, name: '只属于管理员', isDefault: true });
    const before = await server.database.db.select().from(titles).where(eq(titles.id, mine.id));
    for (const path of ['title/get', 'title/setDefault', 'title/delete']) {
      expectRefused(await as(stranger, path, { id: mine.id }), 403, '无权访问该抬头', 1004);
      expectRefused(await as(stranger, path, { id: NOBODY }), 404, '抬头不存在', 4004);
    }
    expectRefused(await as(stranger, 'title/save', { ...PERSON_TITLE, id: mine.id, name: '改成我的' }), 403, '无权访问该抬头', 1004);
    expectRefused(await as(stranger, 'title/save', { ...PERSON_TITLE, id: NOBODY }), 404, '抬头不存在', 4004);
    expect(await server.database.db.select().from(titles).where(eq(titles.id, mine.id))).toEqual(before);
    expect((await list(stranger)).list.map((title) => title.name)).not.toContain('只属于管理员');
    // A stranger's default does not clear the owner's.
    const theirs = (await list(stranger)).list[0]!;
    await good(stranger, 'title/setDefault', { id: theirs.id });
    expect((await good<Title>(owner, 'title/get', { id: mine.id })).isDefault).toBe(true);
  });

  test('every title call needs a signed-in user', async () => {
    for (const path of ['title/list', 'title/get', 'title/save', 'title/setDefault', 'title/delete']) {
      expectRefused(
        await server.call(path, path === 'title/save' ? PERSON_TITLE : path === 'title/list' ? {} : { id: NOBODY }, null),
        401,
        '请先登录',
        1001,
      );
    }
  });
});
