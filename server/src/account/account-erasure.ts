/**
 * 注销账号 on the server: what becomes of each of the person's companies (`@app/domain/account-deletion`), and the
 * erasure itself, in the caller's one transaction. The user row stays, anonymised (the company records that name it
 * show 已注销用户); its provider subject is replaced, so the same WeChat or Alipay account signs in as someone new.
 * What the law makes a company keep (issued invoices and their buyers, ledger, withdrawals, trips) is not touched.
 */
import { and, eq, inArray, isNotNull, isNull, like, ne, sql } from 'drizzle-orm';
import { companyOutcome, DELETED_USER_NAME, type CompanyOutcome } from '@app/domain/account-deletion';
import type { Database } from '../db/database';
import { agreementAcceptances } from '../db/schema/agreements';
import { cashOrders } from '../db/schema/cash';
import { companies, memberInvitations, memberships } from '../db/schema/companies';
import { simSms } from '../db/schema/etax-simulator';
import { exportFiles } from '../db/schema/exports';
import { invoiceApplications, invoices, outboxMessages } from '../db/schema/invoices';
import { ledgerTransactions } from '../db/schema/ledger';
import { withdrawals } from '../db/schema/payouts';
import { tasks } from '../db/schema/tasks';
import { taxiTrips } from '../db/schema/taxi';
import { tickets } from '../db/schema/tickets';
import { titles } from '../db/schema/titles';
import { accountDeletionCodes, sessions, signInCodes, users } from '../db/schema/users';
import { EXPORT_TASK } from '../tasks/worker-task-type';

export interface CompanyFate {
  id: string;
  name: string;
  roleName: string;
  outcome: CompanyOutcome;
}

const hasManage = sql`${memberships.permissions} @> '["company_manage"]'::jsonb`;

/** Whether the company holds anything the law makes it keep: then it is never deleted with a person. */
async function keepsRecords(db: Database, companyId: string): Promise<boolean> {
  const found = await db.execute(sql`select (
    exists (select 1 from ${invoices} where ${invoices.companyId} = ${companyId})
    or exists (select 1 from ${tickets} where ${tickets.companyId} = ${companyId})
    or exists (select 1 from ${ledgerTransactions} where ${ledgerTransactions.companyId} = ${companyId})
    or exists (select 1 from ${cashOrders} where ${cashOrders.companyId} = ${companyId})
    or exists (select 1 from ${withdrawals} where ${withdrawals.companyId} = ${companyId})
    or exists (select 1 from ${taxiTrips} where ${taxiTrips.companyId} = ${companyId})
  ) as "kept"`);
  return (found as unknown as { rows: { kept: boolean }[] }).rows[0]?.kept === true;
}

/** Each of the person's companies and what deleting the account does to it. */
export async function companyFates(db: Database, userId: string): Promise<CompanyFate[]> {
  const mine = await db
    .select({ id: companies.id, name: companies.name, roleName: memberships.roleName, permissions: memberships.permissions })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(eq(memberships.userId, userId))
    .orderBy(memberships.createdAt);
  const fates: CompanyFate[] = [];
  for (const company of mine) {
    const others = await db
      .select({ members: sql<number>`count(*)::int`, managers: sql<number>`count(*) filter (where ${hasManage})::int` })
      .from(memberships)
      .where(and(eq(memberships.companyId, company.id), ne(memberships.userId, userId)));
    const outcome = companyOutcome({
      manager: company.permissions.includes('company_manage'),
      otherMembers: others[0]?.members ?? 0,
      otherManagers: others[0]?.managers ?? 0,
      keepsRecords: await keepsRecords(db, company.id),
    });
    fates.push({ id: company.id, name: company.name, roleName: company.roleName, outcome });
  }
  return fates;
}

/** Trips the person received and applications they sent, not invoiced: their contacts and title go. */
async function erasePassengerData(tx: Database, userId: string): Promise<void> {
  await tx
    .update(taxiTrips)
    .set({
      invoiceBuyer: null,
      deliverPhone: '',
      deliverEmail: '',
      state: sql`case when ${taxiTrips.state} = '待开票' then '已领取' else ${taxiTrips.state} end`,
    })
    .where(and(eq(taxiTrips.receiverId, userId), isNull(taxiTrips.invoiceId), ne(taxiTrips.state, '已开票')));
  await tx
    .update(invoiceApplications)
    .set({ deliverPhone: '', deliverEmail: '' })
    .where(and(eq(invoiceApplications.applicantId, userId), isNull(invoiceApplications.invoiceId)));
}

/**
 * Erases the person in `tx`: sessions, sign-in codes, consents, titles, memberships, invitations to their phone, their
 * exports and export tasks, the deletion code and its SMS; the user row anonymised; the companies whose fate is `delete` deleted.
 */
export async function eraseAccount(tx: Database, userId: string, fates: readonly CompanyFate[]): Promise<void> {
  const [person] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(signInCodes).where(eq(signInCodes.userId, userId));
  await tx.delete(agreementAcceptances).where(eq(agreementAcceptances.userId, userId));
  await tx.delete(titles).where(eq(titles.userId, userId));
  await tx.delete(accountDeletionCodes).where(eq(accountDeletionCodes.userId, userId));
  await tx.delete(simSms).where(like(simSms.gatewayRef, `${deletionSmsRef(userId)}%`));
  // The built-in outbox's copies of their exports' e-mails (the copy of their data among them) go with the exports.
  const mailed = await tx
    .selectDistinct({ to: exportFiles.emailedTo })
    .from(exportFiles)
    .where(and(eq(exportFiles.userId, userId), isNotNull(exportFiles.emailedTo)));
  const addresses = mailed.flatMap((row) => (row.to ? [row.to] : []));
  // The exports first: a sending that is storing its message waits for them and then stores nothing
  // (exports/export-mail.ts), or commits before the outbox is cleared below, which then sees its message.
  await tx.delete(exportFiles).where(eq(exportFiles.userId, userId));
  if (addresses.length)
    await tx.delete(outboxMessages).where(and(isNull(outboxMessages.deliveryId), inArray(outboxMessages.recipient, addresses)));
  // Their export tasks hold the addresses too; a queued sending (their copy's among them) is never sent now.
  await tx.delete(tasks).where(and(eq(tasks.userId, userId), eq(tasks.type, EXPORT_TASK)));
  if (person?.phone) await tx.delete(memberInvitations).where(eq(memberInvitations.phone, person.phone));
  await erasePassengerData(tx, userId);
  await tx.delete(memberships).where(eq(memberships.userId, userId));
  const emptied = fates.filter((fate) => fate.outcome === 'delete').map((fate) => fate.id);
  if (emptied.length) await tx.delete(companies).where(inArray(companies.id, emptied));
  await tx
    .update(users)
    .set({
      providerSubject: `deleted:${userId}`,
      nickname: DELETED_USER_NAME,
      avatarUrl: null,
      phone: null,
      username: null,
      tester: false,
      currentCompanyId: null,
      demoLabel: null,
      demoOrder: null,
      deletedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}

/** The simulator's SMS of a person's deletion codes are filed under this reference (and erased with the account). */
export function deletionSmsRef(userId: string): string {
  return `account-deletion:${userId}`;
}
