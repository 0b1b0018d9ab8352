/**
 * 个人信息副本 (PIPL Art. 45): exactly the person's own data — profile, consents, companies and roles, invitations to
 * their phone, titles, the trips they received, their invoice applications and their sign-in history — read by their
 * user id (never another person's), and stored as an export file of no company (exports/export-store.ts), so it is
 * delivered as exports are: a signed link (`/files/exports/…`), a download, or an e-mail.
 */
import { once } from 'node:events';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { EXPORT_KEEP_HOURS } from '@app/contract/export';
import type { DataCopyFormat } from '@app/contract/account';
import { chinaDate } from '@app/domain/china-time';
import type { Database } from '../db/database';
import { agreementAcceptances, agreements } from '../db/schema/agreements';
import { companies, memberInvitations, memberships } from '../db/schema/companies';
import { exportFiles } from '../db/schema/exports';
import { invoiceApplications } from '../db/schema/invoices';
import { taxiTrips } from '../db/schema/taxi';
import { titles } from '../db/schema/titles';
import { sessions, signInCodes, users } from '../db/schema/users';
import type { ExportRow } from '../exports/export-records';
import { ChunkWriter } from '../exports/export-store';

type Section = Record<string, unknown>[];
export interface PersonalData {
  generatedAt: string;
  profile: Record<string, unknown>;
  [section: string]: Section | Record<string, unknown> | string;
}

async function profileOf(db: Database, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`no user ${userId}`);
  return {
    user,
    profile: {
      用户编号: user.id,
      登录方式: user.provider,
      第三方账号标识: user.providerSubject,
      昵称: user.nickname,
      头像: user.avatarUrl,
      手机号: user.phone,
      用户名: user.username,
      注册时间: user.createdAt.toISOString(),
    },
  };
}

async function companiesOf(db: Database, userId: string, currentCompanyId: string | null): Promise<Section> {
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      taxNumber: companies.xsfNsrsbh,
      role: memberships.roleName,
      permissions: memberships.permissions,
      at: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt));
  return rows.map((row) => ({
    企业名称: row.name,
    纳税人识别号: row.taxNumber,
    角色: row.role,
    权限: row.permissions.join('、'),
    加入时间: row.at.toISOString(),
    当前企业: row.id === currentCompanyId,
  }));
}

async function invitationsOf(db: Database, phone: string | null): Promise<Section> {
  if (!phone) return [];
  const rows = await db
    .select({ company: companies.name, name: memberInvitations.name, role: memberInvitations.role, at: memberInvitations.createdAt })
    .from(memberInvitations)
    .innerJoin(companies, eq(companies.id, memberInvitations.companyId))
    .where(eq(memberInvitations.phone, phone));
  return rows.map((row) => ({ 企业名称: row.company, 邀请姓名: row.name, 角色: row.role, 邀请时间: row.at.toISOString() }));
}

async function titlesOf(db: Database, userId: string): Promise<Section> {
  const rows = await db.select().from(titles).where(eq(titles.userId, userId)).orderBy(asc(titles.createdAt));
  return rows.map((row) => ({
    类型: row.kind,
    名称: row.name,
    税号: row.taxNumber,
    地址: row.address,
    电话: row.phone,
    开户行: row.bankName,
    银行账号: row.bankAccount,
    邮箱: row.email,
    默认: row.isDefault,
  }));
}

async function tripsOf(db: Database, userId: string): Promise<Section> {
  const rows = await db.select().from(taxiTrips).where(eq(taxiTrips.receiverId, userId)).orderBy(asc(taxiTrips.startTime));
  return rows.map((row) => ({
    车牌号: row.licensePlateNumber,
    上车时间: row.startTime.toISOString(),
    下车时间: row.endTime.toISOString(),
    起点: row.fromPlace,
    终点: row.toPlace,
    里程米: row.distanceMetres,
    车费分: row.fareFen,
    状态: row.state,
    领取时间: row.receivedAt?.toISOString() ?? null,
    开票抬头: row.invoiceBuyer ? JSON.stringify(row.invoiceBuyer) : null,
    接收手机: row.deliverPhone,
    接收邮箱: row.deliverEmail,
  }));
}

async function applicationsOf(db: Database, userId: string): Promise<Section> {
  const rows = await db
    .select({ company: companies.name, application: invoiceApplications })
    .from(invoiceApplications)
    .innerJoin(companies, eq(companies.id, invoiceApplications.companyId))
    .where(eq(invoiceApplications.applicantId, userId))
    .orderBy(asc(invoiceApplications.createdAt));
  return rows.map(({ company, application }) => ({
    企业名称: company,
    商品: application.goodsName,
    金额分: application.grossFen,
    购买方: JSON.stringify(application.buyer),
    接收手机: application.deliverPhone,
    接收邮箱: application.deliverEmail,
    状态: application.status,
    申请时间: application.createdAt.toISOString(),
  }));
}

async function signInsOf(db: Database, userId: string): Promise<{ sessions: Section; consents: Section }> {
  const live = await db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt));
  const codes = await db.select().from(signInCodes).where(eq(signInCodes.userId, userId)).orderBy(asc(signInCodes.createdAt));
  const consents = await db
    .select({
      title: agreements.title,
      version: agreements.version,
      at: agreementAcceptances.acceptedAt,
      privacy: agreementAcceptances.privacyPolicyVersion,
    })
    .from(agreementAcceptances)
    .innerJoin(agreements, eq(agreements.id, agreementAcceptances.agreementId))
    .where(eq(agreementAcceptances.userId, userId));
  return {
    sessions: [
      ...live.map((row) => ({ 类型: '登录会话', 登录时间: row.createdAt.toISOString(), 到期时间: row.expiresAt.toISOString() })),
      ...codes.map((row) => ({ 类型: '登录中', 登录时间: row.createdAt.toISOString(), 到期时间: row.expiresAt.toISOString() })),
    ],
    consents: consents.map((row) => ({ 协议: row.title, 版本: row.version, 隐私政策版本: row.privacy, 同意时间: row.at.toISOString() })),
  };
}

/** Everything the service holds about the person, by section (the section names are the file's headings). */
export async function personalData(db: Database, userId: string): Promise<PersonalData> {
  const { user, profile } = await profileOf(db, userId);
  const signIns = await signInsOf(db, userId);
  return {
    generatedAt: new Date().toISOString(),
    profile,
    授权同意: signIns.consents,
    企业与角色: await companiesOf(db, userId, user.currentCompanyId),
    企业邀请: await invitationsOf(db, user.phone),
    发票抬头: await titlesOf(db, userId),
    出租车行程: await tripsOf(db, userId),
    开票申请: await applicationsOf(db, userId),
    登录记录: signIns.sessions,
  };
}

/** The copy as a workbook: 基本信息 as field/value rows, then one sheet per section. */
async function xlsxOf(data: PersonalData): Promise<Buffer> {
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  const basics = workbook.addWorksheet('基本信息');
  basics.columns = [
    { header: '项目', key: 'field', width: 18 },
    { header: '内容', key: 'value', width: 48 },
  ];
  for (const [field, value] of Object.entries(data.profile)) basics.addRow({ field, value: value === null ? '' : String(value) });
  for (const [name, section] of Object.entries(data)) {
    if (!Array.isArray(section)) continue;
    const sheet = workbook.addWorksheet(name);
    const keys = [...new Set(section.flatMap((row) => Object.keys(row)))];
    sheet.columns = keys.map((key) => ({ header: key, key, width: 20 }));
    for (const row of section) sheet.addRow(Object.fromEntries(keys.map((key) => [key, row[key] === null ? '' : String(row[key] ?? '')])));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Makes the copy and stores it as a made export of no company, in one transaction; answers its row. */
export async function createDataCopy(db: Database, userId: string, format: DataCopyFormat): Promise<ExportRow> {
  const data = await personalData(db, userId);
  const content = format === 'json' ? Buffer.from(JSON.stringify(data, null, 2)) : await xlsxOf(data);
  const today = chinaDate(new Date());
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(exportFiles)
      .values({
        companyId: null,
        userId,
        source: 'personal',
        format,
        rangeFrom: today,
        rangeTo: today,
        fileName: `个人信息副本_${today}.${format}`,
      })
      .returning();
    if (!row) throw new Error('export row not stored');
    const writer = new ChunkWriter(tx, row.id);
    writer.end(content);
    await once(writer, 'finish');
    const [made] = await tx
      .update(exportFiles)
      .set({
        state: '已生成',
        progress: 100,
        rowCount: Object.values(data).reduce<number>((sum, section) => sum + (Array.isArray(section) ? section.length : 0), 1),
        bytes: writer.bytes,
        finishedAt: new Date(),
        expiresAt: new Date(Date.now() + EXPORT_KEEP_HOURS * 3600_000),
      })
      .where(eq(exportFiles.id, row.id))
      .returning();
    return made ?? row;
  });
}

/** The person's copy of this format made within the last minute, if any. */
export async function recentCopy(db: Database, userId: string, format: DataCopyFormat): Promise<ExportRow | null> {
  const [row] = await db
    .select()
    .from(exportFiles)
    .where(
      and(
        eq(exportFiles.userId, userId),
        eq(exportFiles.source, 'personal'),
        eq(exportFiles.format, format),
        gt(exportFiles.createdAt, sql`now() - interval '1 minute'`),
      ),
    )
    .orderBy(desc(exportFiles.createdAt))
    .limit(1);
  return row ?? null;
}
