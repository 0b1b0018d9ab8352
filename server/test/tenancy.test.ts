/**
 * Tenancy (ARCHITECTURE: every query of company data is scoped to the caller's current company). The calls are walked
 * from ALL_CALLS: every body property that names a row — `id`, `*Id`, or a tax number (`nsrsbh`) — must answer 1004
 * for the other company's value, and leave the other company's rows as they were. Each such property needs a foreign
 * value here (found by its title) or a stated reason why it is not company data, so a call added later fails this
 * test until it is scoped and listed. Lists and every other answer must never show another company's rows.
 */
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { asc, eq, getTableColumns, inArray } from 'drizzle-orm';
import { createSession } from '../src/auth/session-tokens';
import { agreementAcceptances, agreements } from '../src/db/schema/agreements';
import { cashOrders } from '../src/db/schema/cash';
import { companies, goods, memberInvitations, memberships, subCodes } from '../src/db/schema/companies';
import { simSms } from '../src/db/schema/etax-simulator';
import { exportFiles } from '../src/db/schema/exports';
import { invoiceApplications, invoiceLines, invoices } from '../src/db/schema/invoices';
import { tasks } from '../src/db/schema/tasks';
import { cars, taxiTrips } from '../src/db/schema/taxi';
import { tickets } from '../src/db/schema/tickets';
import { titles } from '../src/db/schema/titles';
import { users } from '../src/db/schema/users';
import { DEMO_TAX_NUMBERS } from '../src/db/seed';
import type { CallSpec } from '../src/http/define-call';
import { TaskStatus } from '@app/contract/task-status';
import {
  ALL_CALLS,
  expectEnvelope,
  expectRefused,
  mayCall,
  propertiesOf,
  sessionFor,
  validBody,
  type PropertySchema,
} from './support/call-kit';
import { createTestServer, eventually, type TestServer } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';
import { PRIVACY_POLICY_VERSION } from '@app/domain/privacy-policy';

interface Member {
  userId: string;
  token: string;
  permissions: string[];
}

interface Side {
  name: string;
  companyId: string;
  nsrsbh: string;
  members: Member[];
  /** The company's tasks: the first created through the API, the others inserted in waiting and final states. */
  taskIds: string[];
  /** Other identifiers that must never show up in another company's answers. */
  secrets: string[];
  goodsIds: string[];
  /** Goods the control calls may change or delete (the others stay for the other side's attempts). */
  ownGoodsId: string;
  /** An issued blue invoice of the company. */
  invoiceIds: string[];
  /** A customer's application waiting for the company. */
  applicationIds: string[];
  /** A sub-code of the company's shop code. */
  subCodeIds: string[];
  /** A phone a manager added that has not signed in yet. */
  invitationIds: string[];
  /** Paid customer orders (收支 income records); the first is the control's (it may be invoiced). */
  paymentRecordIds: string[];
  /** The company's cars; the first is the control's (taxiCar/remove removes it). */
  carIds: string[];
  /** Trips of the company's cars. */
  tripIds: string[];
  /** Tickets of the company's folder; the first is the control's (it may delete it). */
  ticketIds: string[];
  /** Exports made by its first member (another member's answers 4004, not 1004: not refused for tenancy). */
  exportIds: string[];
}

/** A property that names a row of company data. */
const namesARow = (key: string) => key === 'id' || /Id$/.test(key) || /nsrsbh/i.test(key);

/** Values of the other company (and ids of no company at all) for each kind of id, by the property's title. */
const FOREIGN: Record<string, (other: Side) => string[]> = {
  任务编号: (other) => other.taskIds,
  企业编号: (other) => [other.companyId, '0f0f0f0f-0000-4000-8000-000000000001'],
  用户编号: (other) => other.members.map((member) => member.userId),
  纳税人识别号: (other) => [other.nsrsbh, other.nsrsbh.toLowerCase()],
  商品: (other) => other.goodsIds,
  发票: (other) => other.invoiceIds,
  原蓝字发票: (other) => other.invoiceIds,
  开票申请: (other) => other.applicationIds,
  员工: (other) => other.members.map((member) => member.userId),
  // The first of each is the control's (which may delete it); the others stay for the other side's attempts.
  子码: (other) => other.subCodeIds.slice(1),
  固定商品: (other) => other.goodsIds,
  邀请: (other) => other.invitationIds.slice(1),
  收支记录: (other) => other.paymentRecordIds.slice(1),
  车辆: (other) => other.carIds.slice(1),
  行程: (other) => other.tripIds,
  票夹发票: (other) => other.ticketIds.slice(1),
  导出记录: (other) => other.exportIds,
};

/** The caller's own value for each kind of id (the control: not refused with 1004). */
const OWN: Record<string, (me: Side, caller: Member) => string> = {
  任务编号: (me) => me.taskIds[0]!,
  企业编号: (me) => me.companyId,
  用户编号: (_, caller) => caller.userId,
  纳税人识别号: (me) => me.nsrsbh,
  商品: (me) => me.ownGoodsId,
  发票: (me) => me.invoiceIds[0]!,
  原蓝字发票: (me) => me.invoiceIds[0]!,
  开票申请: (me) => me.applicationIds[0]!,
  // Removing oneself: refused as the last manager, so the control changes nothing.
  员工: (_, caller) => caller.userId,
  子码: (me) => me.subCodeIds[0]!,
  固定商品: (me) => me.ownGoodsId,
  邀请: (me) => me.invitationIds[0]!,
  收支记录: (me) => me.paymentRecordIds[0]!,
  车辆: (me) => me.carIds[0]!,
  行程: (me) => me.tripIds[0]!,
  票夹发票: (me) => me.ticketIds[0]!,
  导出记录: (me) => me.exportIds[0]!,
};

/** Ids of rows that are not company data, and why. */
/** `addressedBy`: the column that says whose the row is, when it is not the caller's company (it may name another). */
const NOT_COMPANY_DATA: Record<
  string,
  {
    reason: string;
    table: typeof agreements | typeof titles | typeof memberInvitations | typeof exportFiles | typeof users;
    addressedBy?: string;
  }
> = {
  操作人: {
    reason:
      "a filter of the audit trail, which holds the caller's company's entries only (audit-trail.test.ts: another company's person finds none)",
    table: users,
  },
  协议编号: { reason: 'the authorisation agreement is one text for every user', table: agreements },
  抬头编号: {
    reason: "invoice titles belong to a user, not a company (title-calls.test.ts: another user's title gives 1004)",
    table: titles,
  },
  抬头: { reason: "a passenger's invoice title belongs to the passenger (taxi.test.ts: another user's title gives 1004)", table: titles },
  收到的邀请: {
    reason:
      "an invitation the user received is addressed to their phone, from another company (company-onboarding.test.ts: another person's invitation gives 1004)",
    table: memberInvitations,
    addressedBy: 'phone',
  },
  副本: {
    reason:
      "a person's copy of their own data is theirs, an export of no company (account-deletion.test.ts: another person's copy gives 4004)",
    table: exportFiles,
    addressedBy: 'userId',
  },
};

function idProperties(spec: CallSpec): { key: string; schema: PropertySchema }[] {
  return propertiesOf(spec).filter(({ key }) => namesARow(key));
}

describeEachDatabase('tenancy (%s)', (kind) => {
  let server: TestServer;
  let trading: Side;
  let taxi: Side;
  let turn = 0;

  /** Members take turns, so the per-user rate limits are not what answers. */
  const callerFor = (side: Side, spec: CallSpec): Member => {
    const allowed = side.members.filter((member) => mayCall(spec, member.permissions));
    if (!allowed.length) throw new Error(`no member of ${side.name} may call ${spec.path}`);
    return allowed[turn++ % allowed.length]!;
  };

  const ownBody = (spec: CallSpec, me: Side, caller: Member) => {
    const body = validBody(spec);
    for (const { key, schema } of idProperties(spec)) {
      const own = schema.title ? OWN[schema.title] : undefined;
      if (own) body[key] = own(me, caller);
    }
    return body;
  };

  /** Waits until the worker has no step to run (a control call may have given it one). */
  const settle = () =>
    eventually(async () => {
      const busy = await server.database.db
        .select({ id: tasks.id })
        .from(tasks)
        .where(inArray(tasks.status, [TaskStatus.Queued, TaskStatus.Processing]));
      return busy.length === 0;
    });

  /** What must not change when another company's ids are tried: its tasks, the users' current companies, the SMS sent. */
  const guarded = async (other: Side) => {
    const db = server.database.db;
    const taskRows = await db
      .select({
        id: tasks.id,
        status: tasks.status,
        payload: tasks.payload,
        failReason: tasks.failReason,
        smsSentAt: tasks.smsSentAt,
        finishedAt: tasks.finishedAt,
      })
      .from(tasks)
      .where(eq(tasks.companyId, other.companyId))
      .orderBy(asc(tasks.id));
    const userRows = await db.select({ id: users.id, currentCompanyId: users.currentCompanyId }).from(users).orderBy(asc(users.id));
    const sms = await db.select({ id: simSms.id }).from(simSms);
    return JSON.stringify({ taskRows, userRows, sms: sms.length });
  };

  async function makeSide(name: string, nsrsbh: string, labels: string[], extraMembers: number): Promise<Side> {
    const db = server.database.db;
    const [company] = await db.select().from(companies).where(eq(companies.xsfNsrsbh, nsrsbh));
    if (!company) throw new Error(`no company ${nsrsbh}`);
    const members: Member[] = [];
    for (const label of labels) {
      const userId = await server.userIdOf(label);
      const [membership] = await db.select().from(memberships).where(eq(memberships.userId, userId));
      members.push({ userId, token: await server.tokenFor(label), permissions: membership?.permissions ?? [] });
    }
    for (let i = 0; i < extraMembers; i++) {
      const [user] = await db
        .insert(users)
        .values({ provider: 'test', providerSubject: `${name}-staff-${i}`, nickname: `员工${i}`, currentCompanyId: company.id })
        .returning();
      const permissions: ('company_user_role' | 'taxi_trip_manage')[] = ['company_user_role', 'taxi_trip_manage'];
      await db.insert(memberships).values({ userId: user!.id, companyId: company.id, roleName: '员工', permissions });
      const [agreement] = await db.select({ id: agreements.id }).from(agreements);
      await db
        .insert(agreementAcceptances)
        .values({ userId: user!.id, agreementId: agreement!.id, privacyPolicyVersion: PRIVACY_POLICY_VERSION });
      members.push({ userId: user!.id, token: await createSession(db, user!.id), permissions });
    }
    // Two cars at least (the trading company has none of its own), and a trip of each.
    const plates = name === 'taxi' ? [] : ['浙A·Q1001', '浙A·Q1002'];
    if (plates.length) await db.insert(cars).values(plates.map((licensePlateNumber) => ({ companyId: company.id, licensePlateNumber })));
    const carRows = await db.select().from(cars).where(eq(cars.companyId, company.id)).orderBy(asc(cars.licensePlateNumber));
    const startTime = new Date(Date.now() - 3600_000);
    const tripRows = await db
      .insert(taxiTrips)
      .values(
        carRows.map((car) => ({
          companyId: company.id,
          carId: car.id,
          licensePlateNumber: car.licensePlateNumber,
          createdBy: members[0]!.userId,
          startTime,
          endTime: new Date(startTime.getTime() + 600_000),
          fromPlace: '西湖',
          toPlace: '东站',
          distanceMetres: 5000,
          fareFen: 2500,
        })),
      )
      .returning();
    const goodsRows = await db.select().from(goods).where(eq(goods.companyId, company.id));
    const item = goodsRows[0]!;
    const [ownGoods] = await db
      .insert(goods)
      .values({ companyId: company.id, name: '测试商品', taxCode: item.taxCode, taxShortName: item.taxShortName, taxRatePermille: 30 })
      .returning();
    const party = { name: `${name} 的客户`, taxNumber: '', address: '', phone: '', bankName: '', bankAccount: '', naturalPerson: true };
    const [invoice] = await db
      .insert(invoices)
      .values({
        companyId: company.id,
        createdBy: members[0]!.userId,
        kind: 'blue',
        type: '数电普票',
        status: '已开具',
        number: `26${nsrsbh.slice(2, 4)}1${String(company.code.length + nsrsbh.length).padStart(3, '0')}${name === 'taxi' ? '000000000001' : '000000000002'}`,
        issuedAt: new Date(),
        buyer: party,
        seller: { ...party, name: company.name, taxNumber: nsrsbh, naturalPerson: false },
        netFen: 1000,
        taxFen: 0,
        grossFen: 1000,
      })
      .returning();
    await db.insert(invoiceLines).values({
      invoiceId: invoice!.id,
      lineNo: 1,
      goodsName: item.name,
      taxShortName: item.taxShortName,
      taxCode: item.taxCode,
      netFen: 1000,
      taxFen: 0,
      grossFen: 1000,
      taxFree: '免税',
    });
    const [application] = await db
      .insert(invoiceApplications)
      .values({
        companyId: company.id,
        applicantId: members[0]!.userId,
        source: '店铺码',
        buyer: party,
        goodsId: item.id,
        goodsName: item.name,
        grossFen: 1000,
      })
      .returning();
    const subCodeRows = await db
      .insert(subCodes)
      .values([1, 2].map((n) => ({ companyId: company.id, name: `${name} 前台 ${n}`, code: `S${name.slice(0, 3).toUpperCase()}${n}` })))
      .returning();
    const invitationRows = await db
      .insert(memberInvitations)
      .values(
        [1, 2].map((n) => ({
          companyId: company.id,
          phone: `137${name === 'taxi' ? 1 : 2}000000${n}`,
          name: `${name} 新人 ${n}`,
          role: 'employee' as const,
        })),
      )
      .returning();
    const paidRows = await db
      .insert(cashOrders)
      .values(
        [1, 2].map((n) => ({
          orderNo: `T${name.toUpperCase()}${n}0000001`,
          companyId: company.id,
          payerId: members[0]!.userId,
          amountFen: 8800,
          channel: 'demo' as const,
          state: '已支付' as const,
          paidAt: new Date(),
        })),
      )
      .returning();
    const ticketRows = await db
      .insert(tickets)
      .values(
        [1, 2].map((n) => ({
          companyId: company.id,
          source: '手动输入' as const,
          number: `2644100000000000${name === 'taxi' ? 1 : 2}00${n}`,
          issueDate: '2026-01-05',
          netFen: 1000,
          sellerName: `${name} 的供应商 ${n}`,
        })),
      )
      .returning();
    const exportRows = await db
      .insert(exportFiles)
      .values({
        companyId: company.id,
        userId: members[0]!.userId,
        source: 'invoices',
        format: 'xlsx',
        rangeFrom: '2026-01-01',
        rangeTo: '2026-01-31',
        state: '生成失败',
        fileName: '发票_2026-01.xlsx',
        failReason: '测试',
      })
      .returning();
    return {
      name,
      companyId: company.id,
      nsrsbh,
      members,
      taskIds: [],
      goodsIds: goodsRows.map((row) => row.id),
      ownGoodsId: ownGoods!.id,
      invoiceIds: [invoice!.id],
      applicationIds: [application!.id],
      subCodeIds: subCodeRows.map((row) => row.id),
      invitationIds: invitationRows.map((row) => row.id),
      paymentRecordIds: paidRows.map((row) => row.id),
      carIds: carRows.map((row) => row.id),
      tripIds: tripRows.map((row) => row.id),
      ticketIds: ticketRows.map((row) => row.id),
      exportIds: exportRows.map((row) => row.id),
      secrets: [
        ...exportRows.map((row) => row.id),
        ...tripRows.map((row) => row.id),
        ...ticketRows.flatMap((row) => [row.id, row.number, row.sellerName]),
        ...[
          company.id,
          company.name,
          ...carRows.flatMap((car) => [car.id, car.licensePlateNumber]),
          ...goodsRows.map((row) => row.id),
          ownGoods!.id,
          invoice!.id,
          application!.id,
        ],
        ...subCodeRows.flatMap((row) => [row.id, row.code]),
        ...invitationRows.flatMap((row) => [row.id, row.phone]),
        ...paidRows.flatMap((row) => [row.id, row.orderNo]),
      ],
    };
  }

  async function addTasks(side: Side, loginMethod: '1' | '2') {
    const db = server.database.db;
    const manager = side.members[0]!;
    const created = await server.call<{ taskId: string }>(
      'task/createLoginTask',
      { nsrsbh: side.nsrsbh, userId: manager.userId, loginMethod },
      manager.token,
    );
    expect(created.body.success).toBe(true);
    side.taskIds.push(created.body.result.taskId);
    const later = new Date(Date.now() + 3600_000);
    const inserted = await db
      .insert(tasks)
      .values([
        // An SMS login waiting for its code, sent long enough ago that a resend would be allowed.
        {
          companyId: side.companyId,
          userId: manager.userId,
          type: 'login_sms',
          status: TaskStatus.AwaitingSmsCode,
          payload: { stage: 'awaitCode' },
          smsSentAt: new Date(Date.now() - 600_000),
          nextRunAt: later,
          deadlineAt: later,
        },
        {
          companyId: side.companyId,
          userId: manager.userId,
          type: 'face',
          status: TaskStatus.AwaitingFaceScan,
          payload: { stage: 'awaitScan' },
          extensionData: 'data:image/png;base64,AAAA',
          nextRunAt: later,
          deadlineAt: later,
        },
        {
          companyId: side.companyId,
          userId: manager.userId,
          type: 'login_qr',
          status: TaskStatus.Succeeded,
          payload: { stage: 'done' },
          nextRunAt: later,
          deadlineAt: later,
          finishedAt: new Date(),
        },
      ])
      .returning({ id: tasks.id });
    side.taskIds.push(...inserted.map((row) => row.id));
    side.secrets.push(...side.taskIds);
  }

  beforeAll(async () => {
    server = await createTestServer(kind);
    // The trading company's manager also runs its taxis here, so the taxi calls have a trading caller too.
    const tradingManager = await server.userIdOf('企业管理员');
    await server.database.db
      .update(memberships)
      .set({ permissions: ['company_manage', 'company_user_role', 'taxi_trip_manage'] })
      .where(eq(memberships.userId, tradingManager));
    trading = await makeSide('trading', DEMO_TAX_NUMBERS.trading, ['企业管理员', '企业员工', '线下收款管理员'], 0);
    taxi = await makeSide('taxi', DEMO_TAX_NUMBERS.taxi, ['出租车管理员'], 2);
    for (const side of [trading, taxi]) side.secrets.push(...side.members.map((member) => member.userId), side.nsrsbh);
    await addTasks(trading, '2');
    await addTasks(taxi, '1');
    // The API-created tasks reach their waiting states (the QR one keeps polling; its status no longer changes).
    const statusOf = async (id: string) =>
      (await server.database.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, id)))[0]?.status;
    await eventually(async () => (await statusOf(trading.taskIds[0]!)) === TaskStatus.AwaitingSmsCode);
    await eventually(async () => (await statusOf(taxi.taskIds[0]!)) === TaskStatus.AwaitingQrScan);
  });
  afterAll(async () => server?.close());

  test('every id a call takes is either scoped here or stated not to be company data', () => {
    const unknown: string[] = [];
    let scoped = 0;
    for (const spec of ALL_CALLS) {
      for (const { key, schema } of idProperties(spec)) {
        const title = schema.title ?? key;
        const global = NOT_COMPANY_DATA[title];
        if (FOREIGN[title] && OWN[title]) scoped++;
        else if (global?.addressedBy) expect(Object.keys(getTableColumns(global.table))).toContain(global.addressedBy);
        else if (global) expect(Object.keys(getTableColumns(global.table))).not.toContain('companyId');
        else unknown.push(`${spec.path}: ${key} (${title})`);
      }
    }
    expect(unknown).toEqual([]);
    expect(scoped).toBeGreaterThanOrEqual(8);
  });

  for (const [mine, theirs] of [
    ['trading', 'taxi'],
    ['taxi', 'trading'],
  ] as const) {
    test(`a ${mine} user gets 1004 for every ${theirs} id on every call that takes one, and nothing of ${theirs} changes`, async () => {
      const me = mine === 'trading' ? trading : taxi;
      const other = theirs === 'trading' ? trading : taxi;
      await settle();
      const before = await guarded(other);
      let attempts = 0;
      for (const spec of ALL_CALLS) {
        for (const { key, schema } of idProperties(spec)) {
          const foreign = FOREIGN[schema.title ?? key];
          if (!foreign) continue;
          for (const value of foreign(other)) {
            const caller = callerFor(me, spec);
            const answer = await server.call(spec.path, { ...ownBody(spec, me, caller), [key]: value }, caller.token);
            if (answer.body.errorCode !== 1004)
              throw new Error(`${spec.path} with ${theirs}'s ${key} ${value}: ${answer.status} ${JSON.stringify(answer.body)}`);
            expectRefused(answer, 403, undefined, 1004);
            attempts++;
          }
        }
      }
      expect(attempts).toBeGreaterThanOrEqual(15);
      expect(await guarded(other)).toBe(before);

      // The control: the same bodies with the caller's own ids are not refused for tenancy.
      for (const spec of ALL_CALLS.filter((call) => idProperties(call).some(({ key, schema }) => FOREIGN[schema.title ?? key]))) {
        const caller = callerFor(me, spec);
        const answer = await server.call(spec.path, ownBody(spec, me, caller), caller.token);
        expectEnvelope(answer.body);
        expect([answer.status, answer.body.errorCode, spec.path]).not.toEqual([403, 1004, spec.path]);
      }
      await settle();
    });
  }

  test('the task list shows only the caller’s company’s tasks, with every filter and on every page', async () => {
    const db = server.database.db;
    const statuses = [undefined, 'pending', 'success', 'failed'] as const;
    const types = [undefined, 'login_sms', 'login_qr', 'face', 'blue_invoice', 'red_invoice'] as const;
    for (const [me, other] of [
      [trading, taxi],
      [taxi, trading],
    ] as const) {
      const own = new Set((await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.companyId, me.companyId))).map((row) => row.id));
      expect(own.size).toBeGreaterThanOrEqual(4);
      for (const member of me.members) {
        for (const status of statuses) {
          for (const type of types) {
            const seen: string[] = [];
            for (let page = 1; ; page++) {
              const answer = await server.call<{ total: number; list: { id: string }[] }>(
                'task/getMyTasks',
                { status, type, page, pageSize: 2 },
                member.token,
              );
              expect(answer.body.success).toBe(true);
              seen.push(...answer.body.result.list.map((task) => task.id));
              if (seen.length >= answer.body.result.total || !answer.body.result.list.length) break;
            }
            for (const id of seen) expect(own.has(id)).toBe(true);
            for (const id of other.taskIds) expect(seen).not.toContain(id);
            if (!status && !type) expect(new Set(seen)).toEqual(own);
          }
        }
      }
    }
  });

  test('no answer of any call shows another company’s ids, names, tax number, users, tasks or cars', async () => {
    for (const [me, other] of [
      [trading, taxi],
      [taxi, trading],
    ] as const) {
      for (const spec of ALL_CALLS) {
        for (const caller of me.members.filter((member) => mayCall(spec, member.permissions))) {
          const answer = await server.call(spec.path, ownBody(spec, me, caller), await sessionFor(server, spec, caller.token));
          expectEnvelope(answer.body);
          const text = JSON.stringify(answer.body);
          for (const secret of other.secrets)
            if (text.includes(secret))
              throw new Error(`${spec.path} for ${me.name} shows ${other.name}'s ${secret}: ${text.slice(0, 300)}`);
        }
      }
    }
  });
});
