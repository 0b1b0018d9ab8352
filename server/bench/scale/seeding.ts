/** What the scale benchmark seeds: the small history of the demo company, and the database at scale. */
import { openDatabase, type DatabaseTarget, type RawQuery } from '../../src/db/database';
import { fillInvoiceTotals, seedAuditEntries, seedCompanyRows, seedTrips } from '../../test/support/scale-seed';
import {
  AUDIT_ENTRIES,
  COMPANIES,
  HISTORY_MINUTES,
  INVOICES,
  PAYMENTS,
  SMALL,
  SMALL_MINUTES_APART,
  SMALL_MONEY_MINUTES_APART,
  SMALL_PAYMENTS,
  TICKETS,
  TRIPS,
  WITHDRAWALS,
} from './settings';

/** The demo company of 企业管理员 and that user, read from the database the server seeded. */
async function demoCompany(target: DatabaseTarget) {
  const database = await openDatabase(target);
  try {
    const [row] = await database.raw(
      `select u.id as "userId", m.company_id as "companyId" from users u join memberships m on m.user_id = u.id where u.demo_label = '企业管理员'`,
    );
    return { database, userId: String(row?.userId), companyId: String(row?.companyId) };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The demo taxi company (出租车管理员's), its manager, and the passenger (普通用户) who receives a third of its trips. */
async function taxiCompanyOf(raw: RawQuery) {
  const [row] = await raw(
    `select u.id as "userId", m.company_id as "companyId", (select id from users where demo_label = '普通用户') as "receiverId"
     from users u join memberships m on m.user_id = u.id where u.demo_label = '出租车管理员'`,
  );
  return { userId: String(row?.userId), companyId: String(row?.companyId), receiverId: String(row?.receiverId) };
}

/** The demo company's small history: SMALL invoices (and tasks, tickets), SMALL_PAYMENTS paid orders, SMALL * 3 trips. */
export async function seedSmall(target: DatabaseTarget): Promise<void> {
  const { database: handle, userId, companyId } = await demoCompany(target);
  const raw = handle.raw;
  try {
    await seedCompanyRows(raw, {
      companyId,
      userId,
      invoices: SMALL,
      tasks: SMALL,
      applications: SMALL / 10,
      goods: 0,
      payments: SMALL_PAYMENTS,
      withdrawals: SMALL / 10,
      tickets: SMALL,
      numberPrefix: 9_000_000,
      minutesApart: SMALL_MINUTES_APART,
      moneyMinutesApart: SMALL_MONEY_MINUTES_APART,
    });
    // Trips enough that the passenger's list has page 50 too (a third are received).
    await seedTrips(raw, {
      ...(await taxiCompanyOf(raw)),
      trips: SMALL * 3,
      minutesApart: SMALL_MINUTES_APART / 3,
      codeTag: 'small',
    });
    // An audit trail with a page 50, every 5th entry the employee's.
    await seedAuditEntries(raw, {
      companyId,
      userId,
      otherUserId: await employeeOf(raw),
      entries: SMALL,
      minutesApart: SMALL_MINUTES_APART,
    });
    await raw('vacuum analyze');
  } finally {
    await handle.close();
  }
}

/** The database at scale; how long seeding took, in ms. */
export async function seedLarge(target: DatabaseTarget): Promise<number> {
  const started = Date.now();
  const { database, userId, companyId } = await demoCompany(target);
  try {
    const big = Math.floor(INVOICES / 2);
    const others = COMPANIES - 1;
    const each = Math.max(1, Math.floor((INVOICES - big) / others));
    console.log(`  播种: ${others} 家企业各 ${each} 张发票和任务, 演示企业 ${big} 张… (seeding)`);
    await seedOtherCompanies(database.raw, userId, companyId, others, each);
    await seedDemoCompanyAtScale(database.raw, userId, companyId, big);
    await database.raw('vacuum analyze');
    await printCounts(database.raw, started);
    return Date.now() - started;
  } finally {
    await database.close();
  }
}

/** `others` companies, each with `each` issued invoices (a line each, in the maintained totals) and as many tasks. */
async function seedOtherCompanies(raw: RawQuery, userId: string, companyId: string, others: number, each: number): Promise<void> {
  await raw(
    `insert into companies (name, qylx, xsf_nsrsbh, code, service_expires_at)
     select '规模企业' || g, '1', 'SCALE' || lpad(g::text, 13, '0'), 'scale' || g, now() + interval '1 year' from generate_series(1, $1::int) g`,
    [others],
  );
  const seller = JSON.stringify({
    name: '规模企业',
    taxNumber: '91310000000000000X',
    address: '',
    phone: '',
    bankName: '',
    bankAccount: '',
    naturalPerson: false,
  });
  await raw(
    `insert into invoices (company_id, created_by, kind, type, status, number, issued_at, buyer, seller, net_fen, tax_fen, gross_fen, created_at, updated_at)
     select c.id, $1::uuid, 'blue', '数电普票', '已开具', lpad((c.n + 100)::text, 7, '0') || lpad(g::text, 13, '0'), now() - g * interval '7 hours',
       jsonb_build_object('name', '买方' || ((c.n + g) % 997) || '号商贸有限公司', 'taxNumber', '', 'address', '', 'phone', '', 'bankName', '', 'bankAccount', '', 'naturalPerson', false),
       $2::jsonb, 1000, 0, 1000, now() - g * interval '7 hours', now()
     from (select id, row_number() over (order by code) as n from companies where code like 'scale%') c, generate_series(1, $3::int) g`,
    [userId, seller, each],
  );
  await raw(
    `insert into invoice_lines (invoice_id, line_no, goods_name, tax_short_name, tax_code, net_fen, tax_fen, gross_fen, rate_permille)
     select id, 1, '咨询服务', '现代服务', '3040000000000000000', net_fen, 0, gross_fen, 0 from invoices where company_id <> $1::uuid`,
    [companyId],
  );
  await fillInvoiceTotals(raw, 'company_id <> $1::uuid', [companyId]);
  await raw(
    `insert into tasks (company_id, user_id, type, status, attempts, deadline_at, created_at, updated_at, finished_at)
     select c.id, $1::uuid, 'blue_invoice', 1, 1, now(), now() - g * interval '7 hours', now(), now()
     from (select id from companies where code like 'scale%') c, generate_series(1, $2::int) g`,
    [userId, each],
  );
}

/** The demo company at scale, and the demo taxi company's trips. */
async function seedDemoCompanyAtScale(raw: RawQuery, userId: string, companyId: string, big: number): Promise<void> {
  // The demo company: half the invoices, as many tasks, a tenth as many applications; PAYMENTS paid orders and
  // WITHDRAWALS withdrawals; each kind of row spread over the last 25 months.
  console.log(`  播种: 演示企业 ${big} 张发票和任务, ${PAYMENTS} 笔收款, ${WITHDRAWALS} 笔提现… (seeding)`);
  await seedCompanyRows(raw, {
    companyId,
    userId,
    invoices: big,
    tasks: big,
    applications: Math.floor(big / 10),
    goods: 0,
    payments: PAYMENTS,
    withdrawals: WITHDRAWALS,
    numberPrefix: 1,
    minutesApart: HISTORY_MINUTES / Math.max(big, 1),
    moneyMinutesApart: HISTORY_MINUTES / Math.max(PAYMENTS, 1),
  });
  if (TICKETS > 0) {
    console.log(`  播种: 演示企业票夹 ${TICKETS} 张发票… (seeding)`);
    // Numbers unlike the small history's (prefix 9000000); the folder's own minutes apart.
    await seedCompanyRows(raw, {
      companyId,
      userId,
      invoices: 0,
      tasks: 0,
      applications: 0,
      goods: 0,
      tickets: TICKETS,
      numberPrefix: 2,
      minutesApart: HISTORY_MINUTES / TICKETS,
    });
  }
  if (TRIPS > 0) {
    console.log(`  播种: 演示出租车企业 ${TRIPS} 个行程… (seeding)`);
    await seedTrips(raw, {
      ...(await taxiCompanyOf(raw)),
      trips: TRIPS,
      minutesApart: HISTORY_MINUTES / TRIPS,
      codeTag: 'large',
    });
  }
  if (AUDIT_ENTRIES > 0) {
    console.log(`  播种: 演示企业 ${AUDIT_ENTRIES} 条操作日志… (seeding)`);
    const otherUserId = await employeeOf(raw);
    await seedAuditEntries(raw, { companyId, userId, otherUserId, entries: AUDIT_ENTRIES, minutesApart: HISTORY_MINUTES / AUDIT_ENTRIES });
  }
}

/** The demo company's employee (企业员工). */
async function employeeOf(raw: RawQuery): Promise<string> {
  const [row] = await raw(`select id from users where demo_label = '企业员工'`);
  return String(row?.id);
}

/** What the database holds at scale, and how long seeding took. */
async function printCounts(raw: RawQuery, started: number): Promise<void> {
  const [counts] = await raw(
    `select (select count(*) from invoices)::int as invoices, (select count(*) from companies)::int as companies, (select count(*) from cash_orders)::int as orders, (select count(*) from ledger_entries)::int as entries, (select count(*) from tickets)::int as tickets, (select count(*) from taxi_trips)::int as trips, (select count(*) from audit_entries)::int as audit`,
  );
  console.log(
    `  播种完成: ${counts?.invoices} 张发票, ${counts?.companies} 家企业, ${counts?.orders} 笔收款, ${counts?.entries} 条分录, ${counts?.tickets} 张票夹发票, ${counts?.trips} 个行程, ${counts?.audit} 条操作日志, ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}
