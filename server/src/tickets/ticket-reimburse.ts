/**
 * Marking a ticket reimbursed, or taking the mark back (ticket/markReimbursed; the demo history's reimbursements):
 * compare-and-set under the row lock, so marking it what it already is answers 2005 saying who marked it and when.
 */
import { recordAudit } from '../audit/audit-trail';
import { and, eq } from 'drizzle-orm';
import { chinaDateTime } from '@app/domain/china-time';
import type { Database } from '../db/database';
import { tickets } from '../db/schema/tickets';
import { users } from '../db/schema/users';
import { ApiFailure, ErrorCode } from '../http/api-failure';
import { changeTicket, loadCompanyTicket, type TicketActor, type TicketRow } from './ticket-records';

async function reimbursedByName(db: Database, row: TicketRow): Promise<string> {
  if (!row.reimbursedBy) return '';
  const [user] = await db.select({ nickname: users.nickname }).from(users).where(eq(users.id, row.reimbursedBy));
  return user?.nickname ?? '';
}

/** The ticket as marked; `at`: when (now, or the demo history's past). */
export async function markTicketReimbursed(
  db: Database,
  by: TicketActor,
  id: string,
  reimbursed: boolean,
  at = new Date(),
): Promise<TicketRow> {
  await loadCompanyTicket(db, id, by.companyId);
  const changed = await db.transaction(async (tx) => {
    const row = await changeTicket(tx, and(eq(tickets.id, id.toLowerCase()), eq(tickets.companyId, by.companyId)), (current) =>
      current.reimbursed === reimbursed
        ? null
        : reimbursed
          ? { reimbursed: true, reimbursedAt: at, reimbursedBy: by.userId, updatedAt: at }
          : { reimbursed: false, reimbursedAt: null, reimbursedBy: null, updatedAt: at },
    );
    if (row)
      await recordAudit(tx, { type: 'ticket', id: row.id, summary: `发票 ${row.number} ${reimbursed ? '标记为已报销' : '取消已报销'}` });
    return row;
  });
  if (changed) return changed;
  const now = await loadCompanyTicket(db, id, by.companyId);
  if (now.reimbursed) {
    const who = await reimbursedByName(db, now);
    throw new ApiFailure(
      ErrorCode.TaskStateConflict,
      `该发票已由${who || '他人'}于${now.reimbursedAt ? chinaDateTime(now.reimbursedAt) : ''}标记为已报销`,
    );
  }
  throw new ApiFailure(ErrorCode.TaskStateConflict, '该发票尚未报销');
}
