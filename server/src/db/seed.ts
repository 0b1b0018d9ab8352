/**
 * What a fresh database starts with. Always the reference data: the service config, the service hotlines and
 * contacts, and the authorisation agreement. With demo sign-in on, also the demo data: the five demo users (each a real
 * row the demo sign-in lists), two companies (one running taxis), their tax accounts, goods, titles and cars; the
 * company users have not yet agreed to the agreement, so a fresh start shows the gate. A database that a real
 * provider signs into never gets demo users (nobody could tell them from real ones). With the demo data, unless
 * DEMO_HISTORY=false, the demo history too (demo-history.ts: the trading company's last four months of business), in
 * the same transaction: all of it or nothing, once.
 */
import { count } from 'drizzle-orm';
import { usccCheckCharacter } from '@app/domain/tax-number';
import { sanitizeAgreementHtml } from '../security/sanitize-html';
import { encryptSecret } from '../security/secret-box';
import type { Database } from './database';
import { addDemoHistory, historyStart } from './demo-history';
import type { DemoHistoryOptions, DemoHistorySummary } from './demo-history/options';
import type { Permission } from '@app/contract/user';
import { agreements } from './schema/agreements';
import { companies, goods, memberships } from './schema/companies';
import { serviceConfig, serviceContacts, serviceHotlines, shortLinks } from './schema/service';
import { taxAccounts } from './schema/tax-accounts';
import { cars } from './schema/taxi';
import { titles } from './schema/titles';
import { users } from './schema/users';

function uscc(first17: string): string {
  return first17 + usccCheckCharacter(first17);
}

export const DEMO_TAX_NUMBERS = {
  trading: uscc('91330106MA2KD0T7X'),
  taxi: uscc('91330102MA2HX5QR8'),
};

const AGREEMENT_HTML = `
<h2>用户授权协议</h2>
<p>欢迎使用<strong>优税通</strong>。为向您提供在线开具发票、发票查验与税务事项代办服务，您需授权优税通以您企业的名义登录国家税务总局电子税务局并办理相关业务。</p>
<h3>一、授权范围</h3>
<ol>
  <li>登录电子税务局（短信验证码或扫码），并按您的指令开具、红冲发票；</li>
  <li>查询企业纳税人信息、发票额度及开票记录；</li>
  <li>为完成实名认证，引导您通过个人所得税 App 或地方税务 App 完成刷脸认证。</li>
</ol>
<h3>二、信息安全</h3>
<p>您的电子税务局密码经加密存储，仅用于完成您发起的业务，不会用于其他目的，也不会提供给任何第三方。</p>
<h3>三、授权期限</h3>
<p>授权自您勾选同意之日起生效。您可以随时在“我的 - 税务账号”中<em>清除授权</em>，清除后优税通将不再代您登录电子税务局。</p>
<p>如有疑问，请致电客服热线 <a href="tel:4008001234">400-800-1234</a>。</p>
<script>alert('never runs')</script>`;

interface DemoUser {
  label: string;
  nickname: string;
  username: string | null;
  company: 'trading' | 'taxi' | null;
  /** What a manager adds them by (companyUser/add). */
  phone: string;
  roleName?: string;
  permissions?: Permission[];
}

const DEMO_USERS: DemoUser[] = [
  { label: '普通用户', nickname: '张晓', username: null, company: null, phone: '13800000001' },
  {
    label: '企业管理员',
    nickname: '李明',
    username: 'liming',
    company: 'trading',
    phone: '13800000002',
    roleName: '管理员',
    permissions: ['company_manage', 'company_user_role'],
  },
  {
    label: '企业员工',
    nickname: '王芳',
    username: 'wangfang',
    company: 'trading',
    phone: '13800000003',
    roleName: '员工',
    permissions: ['company_user_role'],
  },
  {
    label: '出租车管理员',
    nickname: '赵强',
    username: 'zhaoqiang',
    company: 'taxi',
    phone: '13800000004',
    roleName: '车队管理员',
    permissions: ['company_manage', 'company_user_role', 'taxi_trip_manage'],
  },
  {
    label: '线下收款管理员',
    nickname: '陈静',
    username: 'chenjing',
    company: 'trading',
    phone: '13800000005',
    roleName: '收款管理员',
    permissions: ['company_user_role', 'benefit_payment'],
  },
];

export interface SeedOptions {
  /** Seed the demo users and companies (demo sign-in is on). */
  demo: boolean;
  /** With the demo data, the demo history up to `now` (DEMO_HISTORY; off: null or absent). */
  history?: Omit<DemoHistoryOptions, 'taxNumber' | 'taxiTaxNumber'> | null;
}

/** What a seed wrote: the reference data, the demo data, and the demo history (what it holds, how long it took). */
export type Seeded = { kind: 'reference' } | { kind: 'demo'; history: (DemoHistorySummary & { ms: number }) | null };

/** Seeds an empty database: what it seeded (nothing when it is not empty). */
export async function seedDatabase(db: Database, secretKey: Buffer, options: SeedOptions): Promise<Seeded | null> {
  const [configured] = await db.select({ n: count() }).from(serviceConfig);
  if ((configured?.n ?? 0) > 0) return null;
  return db.transaction(async (tx): Promise<Seeded> => {
    await seedReferenceData(tx);
    if (!options.demo) return { kind: 'reference' };
    const history = options.history ?? null;
    // With a history, the demo data is there from the history's first day.
    await seedDemoData(tx, secretKey, history ? historyStart(history.now) : new Date());
    if (!history) return { kind: 'demo', history: null };
    const started = performance.now();
    const summary = await addDemoHistory(tx, secretKey, {
      ...history,
      taxNumber: DEMO_TAX_NUMBERS.trading,
      taxiTaxNumber: DEMO_TAX_NUMBERS.taxi,
    });
    return { kind: 'demo', history: { ...summary, ms: Math.round(performance.now() - started) } };
  });
}

async function seedReferenceData(tx: Database): Promise<void> {
  await tx.insert(serviceConfig).values({
    id: 1,
    appHotLine: '400-800-1234',
    etaxAreas: [
      { code: '33', name: '浙江' },
      { code: '31', name: '上海' },
      { code: '32', name: '江苏' },
      { code: '44', name: '广东' },
    ],
    available: 'all',
    closeReason: '',
    frontVersion: 100,
  });
  await tx.insert(serviceHotlines).values([
    { name: '客服热线', phone: '400-800-1234', serviceHours: '工作日 9:00-18:00', sortOrder: 1 },
    { name: '开票技术支持', phone: '0571-88881234', serviceHours: '每天 8:30-21:00', sortOrder: 2 },
  ]);
  await tx.insert(serviceContacts).values([
    { name: '优税通客服小优', wechatId: 'youshuitong-kf01', contactUrl: 'https://work.weixin.qq.com/kfid/kfcYST0001' },
    { name: '优税通客服小通', wechatId: 'youshuitong-kf02', contactUrl: 'https://work.weixin.qq.com/kfid/kfcYST0002' },
  ]);
  await tx.insert(agreements).values({ version: '2026.1', title: '用户授权协议', content: sanitizeAgreementHtml(AGREEMENT_HTML) });
}

/** The demo data, made at `since` (goods a millisecond apart, in the order listed: the first is a company's first). */
async function seedDemoData(tx: Database, secretKey: Buffer, since: Date): Promise<void> {
  const demoCompanies = await seedDemoCompanies(tx, since);
  await seedDemoUsers(tx, demoCompanies, since);
  await seedTaxAccounts(tx, demoCompanies, secretKey);
  await seedGoods(tx, demoCompanies, since);
  await tx.insert(cars).values([
    { companyId: demoCompanies.taxi.id, licensePlateNumber: '浙A·T1234', createdAt: since },
    { companyId: demoCompanies.taxi.id, licensePlateNumber: '浙A·T5678', createdAt: since },
    { companyId: demoCompanies.taxi.id, licensePlateNumber: '浙A·D9021', createdAt: since },
  ]);
  // A bind link is made by a manager (company/createBindCode) and expires; the shop code is never one.
  await tx.insert(shortLinks).values([{ code: 'shop1', target: `/shop/${demoCompanies.trading.code}`, createdAt: since }]);
}

type DemoCompanies = Record<'trading' | 'taxi', typeof companies.$inferSelect>;

/** The trading company and the taxi company, their service paid for a year. */
async function seedDemoCompanies(tx: Database, createdAt: Date): Promise<DemoCompanies> {
  const inAYear = new Date(Date.now() + 365 * 24 * 3600 * 1000);
  const [trading, taxi] = await tx
    .insert(companies)
    .values([
      {
        name: '杭州优税通科技有限公司',
        qylx: '1',
        businessTypes: ['零售', '服务'],
        xsfNsrsbh: DEMO_TAX_NUMBERS.trading,
        address: '浙江省杭州市西湖区文三路 398 号',
        phone: '0571-88880001',
        bankName: '中国工商银行杭州文三路支行',
        bankAccount: '1202021109900012345',
        code: 'YST0001',
        serviceExpiresAt: inAYear,
        createdAt,
      },
      {
        name: '杭州顺达出租汽车有限公司',
        qylx: '1',
        businessTypes: ['出租车'],
        xsfNsrsbh: DEMO_TAX_NUMBERS.taxi,
        address: '浙江省杭州市上城区秋涛路 210 号',
        phone: '0571-88880002',
        bankName: '中国建设银行杭州秋涛支行',
        bankAccount: '33050161612700001234',
        code: 'YST0002',
        serviceExpiresAt: inAYear,
        createdAt,
      },
    ])
    .returning();
  if (!trading || !taxi) throw new Error('seed: companies');
  return { trading, taxi };
}

/** The demo users in their order, members of their companies, each with two titles (a company's and their own). */
async function seedDemoUsers(tx: Database, companyOf: DemoCompanies, createdAt: Date): Promise<void> {
  for (const [index, demo] of DEMO_USERS.entries()) {
    const company = demo.company ? companyOf[demo.company] : null;
    const [user] = await tx
      .insert(users)
      .values({
        provider: 'demo',
        providerSubject: `demo-${index + 1}`,
        nickname: demo.nickname,
        username: demo.username,
        phone: demo.phone,
        demoLabel: demo.label,
        demoOrder: index + 1,
        currentCompanyId: company?.id ?? null,
        createdAt,
      })
      .returning();
    if (!user) throw new Error('seed: user');
    if (company) {
      await tx.insert(memberships).values({
        userId: user.id,
        companyId: company.id,
        roleName: demo.roleName ?? '员工',
        permissions: demo.permissions ?? [],
        createdAt,
      });
    }
    await tx.insert(titles).values([
      {
        userId: user.id,
        kind: '企业',
        name: '杭州西湖文化传媒有限公司',
        taxNumber: uscc('91330106MA27Y8K3P'),
        address: '杭州市西湖区曙光路 120 号',
        phone: '0571-86001234',
        bankName: '招商银行杭州分行',
        bankAccount: '571908765410201',
        email: 'finance@xihu-media.cn',
        isDefault: true,
      },
      { userId: user.id, kind: '个人', name: demo.nickname, email: `${demo.username ?? 'guest'}@example.cn` },
    ]);
  }
}

/** The companies' e-tax accounts, not logged in; the taxi company's logs in by QR code only. */
async function seedTaxAccounts(tx: Database, { trading, taxi }: DemoCompanies, secretKey: Buffer): Promise<void> {
  await tx.insert(taxAccounts).values([
    {
      companyId: trading.id,
      nsrsbh: trading.xsfNsrsbh,
      loginIdentity: '03',
      personName: '李明',
      phone: '13800001111',
      passwordEncrypted: encryptSecret(secretKey, 'Demo@2026'),
    },
    {
      companyId: taxi.id,
      nsrsbh: taxi.xsfNsrsbh,
      loginIdentity: '01',
      personName: '赵强',
      phone: '13900002222',
      passwordEncrypted: encryptSecret(secretKey, 'Demo@2026'),
      supportedLoginMethods: ['qrcode'],
    },
  ]);
}

/** The companies' goods, a millisecond apart in the order listed. */
async function seedGoods(tx: Database, { trading, taxi }: DemoCompanies, createdAt: Date): Promise<void> {
  await tx.insert(goods).values(
    [
      {
        companyId: trading.id,
        name: '软件技术服务',
        taxCode: '3040201990000000000',
        taxShortName: '信息技术服务',
        unit: '次',
        unitPriceFen: 100_000,
        taxRatePermille: 60,
      },
      {
        companyId: trading.id,
        name: '办公用品',
        taxCode: '1060599000000000000',
        taxShortName: '纸制品',
        model: 'A4',
        unit: '箱',
        unitPriceFen: 15_800,
        taxRatePermille: 130,
      },
      {
        companyId: trading.id,
        name: '餐饮服务',
        taxCode: '3070401000000000000',
        taxShortName: '餐饮服务',
        unit: '次',
        taxRatePermille: 10,
      },
      {
        companyId: trading.id,
        name: '农产品（蔬菜）',
        taxCode: '1010112000000000000',
        taxShortName: '蔬菜',
        unit: '千克',
        unitPriceFen: 600,
        taxFree: '免税' as const,
      },
      {
        companyId: taxi.id,
        name: '客运服务',
        taxCode: '3010101020000000000',
        taxShortName: '陆路旅客运输服务',
        unit: '次',
        taxRatePermille: 30,
      },
    ].map((item, index) => ({ ...item, createdAt: new Date(createdAt.getTime() + index) })),
  );
}
