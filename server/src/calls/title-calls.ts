/**
 * 发票抬头: a user's own invoice titles (any signed-in user; never another user's). The field rules are the domain's
 * (`@app/domain/invoice-title`), the same the form checks as the user types. At most one title is the default:
 * every change of the default runs in one transaction that first locks the user's row, so two requests at once
 * cannot leave two defaults.
 */
import { audited, recordAudit } from '../audit/audit-trail';
import { and, desc, eq, ne } from 'drizzle-orm';
import { titleOf, titleProblems, type Title, type TitleFields } from '@app/domain/invoice-title';
import type { Database } from '../db/database';
import { titles } from '../db/schema/titles';
import { users } from '../db/schema/users';
import { ApiFailure, ErrorCode, invalidInput } from '../http/api-failure';
import { defineCall } from '../http/define-call';
import { cappedCount, pageWindow } from '../http/paging';

type TitleRow = typeof titles.$inferSelect;

function titleView(row: TitleRow): Title {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    taxNumber: row.taxNumber,
    address: row.address,
    phone: row.phone,
    bankName: row.bankName,
    bankAccount: row.bankAccount,
    email: row.email,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's title: 4004 when there is none with that id, 1004 when it is someone else's. */
async function ownTitle(db: Database, userId: string, id: string): Promise<TitleRow> {
  const [row] = await db.select().from(titles).where(eq(titles.id, id));
  if (!row) throw new ApiFailure(ErrorCode.NotFound, '抬头不存在');
  if (row.userId !== userId) throw new ApiFailure(ErrorCode.NoAccess, '无权访问该抬头');
  return row;
}

/** Serialises the changes of one user's default title (held until the transaction ends). */
async function lockTitlesOf(db: Database, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

async function clearOtherDefaults(db: Database, userId: string, keepId: string): Promise<void> {
  await db
    .update(titles)
    .set({ isDefault: false })
    .where(and(eq(titles.userId, userId), ne(titles.id, keepId), eq(titles.isDefault, true)));
}

const listTitles = defineCall('title/list', {
  access: { kind: 'user' },
  handler: async ({ caller, body, services }) => {
    const mine = eq(titles.userId, caller.userId);
    const { limit, offset } = pageWindow(body.page, body.pageSize);
    const [rows, total] = await Promise.all([
      services.db
        .select()
        .from(titles)
        .where(mine)
        .orderBy(desc(titles.isDefault), desc(titles.createdAt), desc(titles.id))
        .limit(limit)
        .offset(offset),
      cappedCount(services.db, titles, mine, [desc(titles.isDefault), desc(titles.createdAt), desc(titles.id)]),
    ]);
    return { total, list: rows.map(titleView) };
  },
});

const getTitle = defineCall('title/get', {
  access: { kind: 'user' },
  handler: async ({ caller, body, services }) => titleView(await ownTitle(services.db, caller.userId, body.id)),
});

const saveTitle = defineCall('title/save', {
  access: { kind: 'user' },
  handler: async ({ caller, body, services }) => {
    const fields: TitleFields = titleOf(body);
    const problems = titleProblems(fields);
    const [problem] = Object.values(problems);
    if (problem) throw invalidInput(problem, problems);
    const isDefault = body.isDefault ?? false;
    const row = await services.db.transaction(async (tx) => {
      await lockTitlesOf(tx, caller.userId);
      let saved: TitleRow | undefined;
      if (body.id) {
        await ownTitle(tx, caller.userId, body.id);
        [saved] = await tx
          .update(titles)
          .set({ ...fields, isDefault })
          .where(eq(titles.id, body.id))
          .returning();
      } else {
        [saved] = await tx
          .insert(titles)
          .values({ userId: caller.userId, ...fields, isDefault })
          .returning();
      }
      if (!saved) throw new ApiFailure(ErrorCode.NotFound, '抬头不存在');
      if (isDefault) await clearOtherDefaults(tx, caller.userId, saved.id);
      await recordAudit(tx, { type: 'title', id: saved.id, summary: `${body.id ? '修改' : '新增'}${saved.kind}抬头` });
      return saved;
    });
    return titleView(row);
  },
});

const setDefaultTitle = defineCall('title/setDefault', {
  access: { kind: 'user' },
  handler: async ({ caller, body, services }) => {
    const row = await services.db.transaction(async (tx) => {
      await lockTitlesOf(tx, caller.userId);
      await ownTitle(tx, caller.userId, body.id);
      await clearOtherDefaults(tx, caller.userId, body.id);
      const [saved] = await tx.update(titles).set({ isDefault: true }).where(eq(titles.id, body.id)).returning();
      if (!saved) throw new ApiFailure(ErrorCode.NotFound, '抬头不存在');
      await recordAudit(tx, { type: 'title', id: saved.id, summary: `将一个${saved.kind}抬头设为默认` });
      return saved;
    });
    return titleView(row);
  },
});

const deleteTitle = defineCall('title/delete', {
  access: { kind: 'user' },
  handler: async ({ caller, body, services }) => {
    const title = await ownTitle(services.db, caller.userId, body.id);
    // Scoped to the caller again: the check above and this delete are separate statements.
    await audited(
      services.db,
      (tx) => tx.delete(titles).where(and(eq(titles.id, body.id), eq(titles.userId, caller.userId))),
      () => ({ type: 'title', id: body.id, summary: `删除${title.kind}抬头` }),
    );
    return { id: body.id };
  },
});

export const titleCalls = [listTitles, getTitle, saveTitle, setDefaultTitle, deleteTitle];
