/**
 * The load benchmark's database: the demo trading company and copies of it (its row, tax account signed in at the
 * bureau, goods and bank account), USERS users spread over them as managers with a session each, and ROWS rows of
 * history in set-based SQL (server/test/support/scale-seed.ts): invoices and tickets over the trading companies, trips
 * for the demo taxi company, and a settled income for each company to withdraw from.
 */
import { createHash, randomBytes } from 'node:crypto';
import { usccCheckCharacter } from '@app/domain/tax-number';
import { openDatabase, type DatabaseTarget, type RawQuery } from '../../src/db/database';
import { seedCompanyRows, seedTrips } from '../../test/support/scale-seed';

export interface LoadSizes {
  users: number;
  companies: number;
  /** Invoices, tickets and trips in all. */
  rows: number;
}

/** One simulated user: its session token and its company. */
export interface LoadUser {
  token: string;
  companyId: string;
  /** The company's shop code (its cash desk). */
  shopCode: string;
  /** A goods item of the company, for an invoice line. */
  goodsId: string;
  /** The taxi company's users list trips; the others issue invoices and keep a ticket folder. */
  taxi: boolean;
}

export interface Seeded {
  users: LoadUser[];
  counts: Record<string, number>;
  seedMs: number;
}

const ROW_SPAN_MINUTES = 760 * 24 * 60;

/** Copies of the demo trading company (`copies` of them), its tax account and goods; their ids. */
async function copyCompanies(raw: RawQuery, templateId: string, copies: number): Promise<string[]> {
  // Generic copies (every column, whatever the schema adds): the row as JSON with its keys replaced.
  const nsrsbh = (n: string) => `'91330106LD' || lpad(${n}::text, 7, '0')`;
  await raw(
    `insert into companies select (jsonb_populate_record(null::companies, to_jsonb(c) || jsonb_build_object(
       'id', gen_random_uuid(), 'name', '负载测试企业' || g, 'code', 'YST9' || lpad(g::text, 3, '0'), 'xsf_nsrsbh', ${nsrsbh('g')}))).*
     from companies c, generate_series(1, $2::int) g where c.id = $1::uuid`,
    [templateId, copies],
  );
  const rows = await raw(`select id, xsf_nsrsbh as nsrsbh from companies where code like 'YST9%' order by code`);
  // The tax numbers' check characters, as the bureau computes them.
  for (const row of rows) {
    const first17 = String(row.nsrsbh).slice(0, 17);
    await raw('update companies set xsf_nsrsbh = $2 where id = $1::uuid', [row.id, first17 + usccCheckCharacter(first17)]);
  }
  await raw(
    `insert into tax_accounts select (jsonb_populate_record(null::tax_accounts, to_jsonb(t) || jsonb_build_object('company_id', n.id, 'nsrsbh', n.xsf_nsrsbh))).*
     from tax_accounts t, companies n where t.company_id = $1::uuid and n.code like 'YST9%'`,
    [templateId],
  );
  await raw(
    `insert into goods select (jsonb_populate_record(null::goods, to_jsonb(g) || jsonb_build_object('id', gen_random_uuid(), 'company_id', n.id))).*
     from goods g, companies n where g.company_id = $1::uuid and n.code like 'YST9%'`,
    [templateId],
  );
  return rows.map((row) => String(row.id));
}

/** `count` users of the company, each a manager like the demo one, with a session; their tokens. */
async function addUsers(raw: RawQuery, companyId: string, managerMembership: Record<string, unknown>, first: number, count: number) {
  const tokens: string[] = [];
  for (let i = first; i < first + count; i += 1) {
    const [user] = await raw(
      `insert into users (provider, provider_subject, nickname, current_company_id) values ('load', $1, $2, $3::uuid) returning id`,
      [`load-${i}`, `负载用户${i}`, companyId],
    );
    await raw(`insert into memberships (user_id, company_id, role_name, permissions) values ($1::uuid, $2::uuid, $3, $4::jsonb)`, [
      user?.id,
      companyId,
      managerMembership.role_name,
      JSON.stringify(managerMembership.permissions),
    ]);
    const token = randomBytes(32).toString('base64url');
    await raw(`insert into sessions (token_hash, user_id, expires_at) values ($1, $2::uuid, now() + interval '1 day')`, [
      createHash('sha256').update(token).digest('hex'),
      user?.id,
    ]);
    tokens.push(token);
  }
  return tokens;
}

async function demoIds(raw: RawQuery) {
  const [row] = await raw(
    `select (select m.company_id from memberships m join users u on u.id = m.user_id where u.demo_label = '企业管理员') as trading,
       (select m.company_id from memberships m join users u on u.id = m.user_id where u.demo_label = '出租车管理员') as taxi,
       (select id from users where demo_label = '企业管理员') as manager,
       (select id from users where demo_label = '出租车管理员') as "taxiManager",
       (select id from users where demo_label = '普通用户') as passenger`,
  );
  if (!row?.trading || !row.taxi) throw new Error('the demo companies are missing');
  return {
    trading: String(row.trading),
    taxi: String(row.taxi),
    manager: String(row.manager),
    taxiManager: String(row.taxiManager),
    passenger: String(row.passenger),
  };
}

/** The users, companies and rows of `sizes`, into the database the server created (stopped while this runs). */
export async function seedLoad(target: DatabaseTarget, sizes: LoadSizes): Promise<Seeded> {
  const started = Date.now();
  const database = await openDatabase(target);
  const raw = database.raw;
  try {
    const demo = await demoIds(raw);
    // The trading companies: the demo one and copies; the last company is the demo taxi company.
    const trading = [demo.trading, ...(await copyCompanies(raw, demo.trading, sizes.companies - 2))];
    await raw(
      `update tax_accounts set expiration_time = now() + interval '1 day', scan_face_time = now() where company_id = any($1::uuid[])`,
      [trading],
    );
    const [membership] = await raw(`select role_name, permissions from memberships where user_id = $1::uuid and company_id = $2::uuid`, [
      demo.manager,
      demo.trading,
    ]);
    const [taxiMembership] = await raw(
      `select role_name, permissions from memberships where user_id = $1::uuid and company_id = $2::uuid`,
      [demo.taxiManager, demo.taxi],
    );
    if (!membership || !taxiMembership) throw new Error('the demo managers have no membership');
    const companies = [...trading, demo.taxi];
    const users: LoadUser[] = [];
    const perCompany = Math.ceil(sizes.users / companies.length);
    const invoicesEach = Math.floor((sizes.rows * 0.4) / trading.length);
    const ticketsEach = Math.floor((sizes.rows * 0.4) / trading.length);
    console.log(
      `  播种: ${companies.length} 家企业, ${sizes.users} 个用户, 每家 ${invoicesEach} 张发票和 ${ticketsEach} 张票夹发票, ${Math.floor(sizes.rows * 0.2)} 个行程… (seeding)`,
    );
    for (const [index, companyId] of companies.entries()) {
      const taxi = companyId === demo.taxi;
      const count = Math.min(perCompany, sizes.users - users.length);
      const tokens = await addUsers(raw, companyId, taxi ? taxiMembership : membership, users.length, count);
      const [shop] = await raw('select code from companies where id = $1::uuid', [companyId]);
      const [goods] = await raw('select id from goods where company_id = $1::uuid order by id limit 1', [companyId]);
      for (const token of tokens) {
        users.push({ token, companyId, shopCode: String(shop?.code), goodsId: String(goods?.id ?? ''), taxi });
      }
      if (taxi) continue;
      await seedCompanyRows(raw, {
        companyId,
        userId: demo.manager,
        invoices: invoicesEach,
        tasks: 0,
        applications: 0,
        goods: 0,
        payments: 200,
        withdrawals: 0,
        tickets: ticketsEach,
        numberPrefix: 100 + index,
        minutesApart: ROW_SPAN_MINUTES / Math.max(invoicesEach, 1),
        moneyMinutesApart: 60,
      });
    }
    await seedTrips(raw, {
      companyId: demo.taxi,
      userId: demo.taxiManager,
      receiverId: demo.passenger,
      trips: Math.floor(sizes.rows * 0.2),
      minutesApart: ROW_SPAN_MINUTES / Math.max(sizes.rows * 0.2, 1),
      codeTag: 'load',
    });
    await raw('vacuum analyze');
    const [counts] = await raw(
      `select (select count(*) from invoices)::int as invoices, (select count(*) from tickets)::int as tickets, (select count(*) from taxi_trips)::int as trips, (select count(*) from companies)::int as companies`,
    );
    return {
      users,
      counts: Object.fromEntries(Object.entries(counts ?? {}).map(([k, v]) => [k, Number(v)])),
      seedMs: Date.now() - started,
    };
  } finally {
    await database.close();
  }
}
