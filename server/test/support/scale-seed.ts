/**
 * Rows in bulk for one company, in SQL that writes what the server's own insert paths write (issued and failed blue
 * and red invoices with a line each and their monthly totals, tasks of every kind and state, customers' applications,
 * goods), spread back in time one row a `minutesApart`. The plan test and `npm run bench:scale` use it.
 */
import type { RawQuery } from '../../src/db/database';

export interface CompanyRows {
  companyId: string;
  /** A member of the company (creator of its invoices, owner of its tasks, applicant). */
  userId: string;
  invoices: number;
  tasks: number;
  applications: number;
  goods: number;
  /** Sub-codes, members (new users) and phones added but not signed in yet (the "my" remote's lists); default none. */
  subCodes?: number;
  members?: number;
  invitations?: number;
  /** Paid and settled customer orders, each with its payment and settlement in the ledger, and paid-out withdrawals (the money lists); default none. */
  payments?: number;
  withdrawals?: number;
  /** Makes the 20-digit invoice numbers of this company unique: a number below 10^7, different for each company. */
  numberPrefix: number;
  /** Rows go back in time by this many minutes each (default 1). */
  minutesApart?: number;
}

/** Buyer names repeat every 997 invoices: `买方<n>号商贸有限公司`, n = row % 997. */
export const buyerName = (row: number) => `买方${row % 997}号商贸有限公司`;

export async function seedCompanyRows(raw: RawQuery, rows: CompanyRows): Promise<void> {
  const { companyId, userId, numberPrefix } = rows;
  const apart = `${rows.minutesApart ?? 1} minutes`;
  const seller = JSON.stringify({ name: '种子企业', taxNumber: '91310000000000000X', address: '', phone: '', bankName: '', bankAccount: '', naturalPerson: false });
  if (rows.invoices > 0) {
    // Every 10th a red one, every 50th failed (no number, not issued).
    await raw(
      `insert into invoices (company_id, created_by, kind, type, status, number, issued_at, buyer, seller, net_fen, tax_fen, gross_fen, created_at, updated_at)
       select $1::uuid, $2::uuid,
         case when g % 10 = 0 then 'red' else 'blue' end, '数电普票',
         case when g % 50 = 0 then '开具失败' else '已开具' end,
         case when g % 50 = 0 then null else lpad($3::text, 7, '0') || lpad(g::text, 13, '0') end,
         case when g % 50 = 0 then null else now() - g * $4::interval end,
         jsonb_build_object('name', '买方' || (g % 997) || '号商贸有限公司', 'taxNumber', '', 'address', '', 'phone', '', 'bankName', '', 'bankAccount', '', 'naturalPerson', false),
         $5::jsonb,
         case when g % 10 = 0 then -1000 else 1000 + g % 100 end, 0, case when g % 10 = 0 then -1000 else 1000 + g % 100 end,
         now() - g * $4::interval, now() - g * $4::interval
       from generate_series(1, $6::int) g`,
      [companyId, userId, String(numberPrefix), apart, seller, rows.invoices],
    );
    await raw(
      `insert into invoice_lines (invoice_id, line_no, goods_name, tax_short_name, tax_code, net_fen, tax_fen, gross_fen, rate_permille)
       select id, 1, '咨询服务', '现代服务', '3040000000000000000', net_fen, 0, gross_fen, 0 from invoices i
       where company_id = $1::uuid and not exists (select 1 from invoice_lines l where l.invoice_id = i.id)`,
      [companyId],
    );
    await raw(
      `insert into invoice_month_totals (company_id, month, kind, count, gross_fen)
       select company_id, to_char((issued_at at time zone 'UTC') + interval '8 hours', 'YYYYMM')::int, kind, count(*), sum(gross_fen)
       from invoices where company_id = $1::uuid and issued_at is not null group by 1, 2, 3
       on conflict (company_id, month, kind) do update set count = excluded.count, gross_fen = excluded.gross_fen`,
      [companyId],
    );
  }
  if (rows.tasks > 0) {
    // Mostly finished tasks; every 20th failed, every 500th still open (waiting for an SMS code, which the worker
    // leaves alone until its deadline).
    await raw(
      `insert into tasks (company_id, user_id, type, status, attempts, deadline_at, created_at, updated_at, finished_at)
       select $1::uuid, $2::uuid,
         (array['blue_invoice', 'blue_invoice', 'blue_invoice', 'red_invoice', 'login_sms', 'face'])[1 + g % 6],
         case when g % 500 = 0 then 2020 when g % 20 = 0 then -1 else 1 end, 1,
         case when g % 500 = 0 then now() + interval '1 day' else now() - g * $3::interval + interval '1 hour' end,
         now() - g * $3::interval, now() - g * $3::interval,
         case when g % 500 = 0 then null else now() - g * $3::interval end
       from generate_series(1, $4::int) g`,
      [companyId, userId, apart, rows.tasks],
    );
  }
  if (rows.applications > 0) {
    await raw(
      `insert into invoice_applications (company_id, applicant_id, source, buyer, goods_name, gross_fen, status, created_at, updated_at)
       select $1::uuid, $2::uuid, '店铺码',
         jsonb_build_object('name', '申请人' || g, 'taxNumber', '', 'address', '', 'phone', '', 'bankName', '', 'bankAccount', '', 'naturalPerson', true),
         '咨询服务', 8800,
         (array['已开具', '已开具', '已交付', '已拒绝', '待审核', '待开票'])[1 + g % 6],
         now() - g * $3::interval, now() - g * $3::interval
       from generate_series(1, $4::int) g`,
      [companyId, userId, apart, rows.applications],
    );
  }
  if (rows.goods > 0) {
    await raw(
      `insert into goods (company_id, name, tax_code, tax_short_name, unit_price_fen, tax_rate_permille, created_at)
       select $1::uuid, '商品' || g, '3040000000000000000', '现代服务', 1000 + g, 60, now() - g * $2::interval
       from generate_series(1, $3::int) g`,
      [companyId, apart, rows.goods],
    );
  }
  if (rows.subCodes) {
    await raw(
      `insert into sub_codes (company_id, name, code, created_at)
       select $1::uuid, '子码' || g, 'S' || $2::text || '-' || g, now() - g * $3::interval
       from generate_series(1, $4::int) g`,
      [companyId, String(numberPrefix), apart, rows.subCodes],
    );
  }
  if (rows.members) {
    await raw(
      `with added as (
         insert into users (provider, provider_subject, nickname, phone, current_company_id, created_at)
         select 'seed', $2::text || '-' || g, '员工' || g, '15' || lpad(($2::bigint * 100000 + g)::text, 9, '0'), $1::uuid, now() - g * $3::interval
         from generate_series(1, $4::int) g
         returning id, created_at
       )
       insert into memberships (user_id, company_id, role_name, permissions, created_at)
       select id, $1::uuid, '员工', '["company_user_role"]'::jsonb, created_at from added`,
      [companyId, String(numberPrefix), apart, rows.members],
    );
  }
  if (rows.invitations) {
    await raw(
      `insert into member_invitations (company_id, phone, name, role, created_at)
       select $1::uuid, '17' || lpad(($2::bigint * 100000 + g)::text, 9, '0'), '新人' || g, 'employee', now() - g * $3::interval
       from generate_series(1, $4::int) g`,
      [companyId, String(numberPrefix), apart, rows.invitations],
    );
  }
  if (rows.payments) await seedMoney(raw, companyId, userId, numberPrefix, apart, rows.payments, rows.withdrawals ?? 0);
}

/**
 * Paid orders as the server records them: the order (paid, settled), a `payment` transaction (provider clearing →
 * frozen) and a `settlement` one (frozen → available), each balanced; and withdrawals that reached the bank. The
 * merchant accounts' balances are set to the sums of their entries.
 */
async function seedMoney(raw: RawQuery, companyId: string, userId: string, prefix: number, apart: string, payments: number, withdrawals: number): Promise<void> {
  await raw(
    `insert into ledger_accounts (company_id, kind) values ($1::uuid, 'merchant_frozen'), ($1::uuid, 'merchant_available'), ($1::uuid, 'merchant_withdrawing')
     on conflict do nothing`,
    [companyId],
  );
  await raw(
    `insert into cash_orders (order_no, company_id, payer_id, amount_fen, channel, state, paid_at, settled_at, created_at)
     select 'S' || lpad($2::text, 7, '0') || lpad(g::text, 10, '0'), $1::uuid, $3::uuid, 1000 + g % 100,
       (array['wechat', 'alipay', 'demo'])[1 + g % 3], '已支付', now() - g * $4::interval, now() - g * $4::interval, now() - g * $4::interval
     from generate_series(1, $5::int) g`,
    [companyId, String(prefix), userId, apart, payments],
  );
  for (const [kind, label, from, to] of [
    ['payment', '收款', 'provider_clearing', 'merchant_frozen'],
    ['settlement', '结算', 'merchant_frozen', 'merchant_available'],
  ] as const) {
    await raw(
      `with orders as (select order_no, amount_fen, paid_at from cash_orders where company_id = $1::uuid and order_no like 'S%'),
       moved as (
         insert into ledger_transactions (company_id, kind, idempotency_key, memo, created_at)
         select $1::uuid, $2, $2 || ':' || order_no, order_no, paid_at from orders
         returning id, memo, created_at
       )
       insert into ledger_entries (transaction_id, account_id, company_id, account_kind, amount, label, created_at)
       select moved.id, account.id, account.company_id, account.kind, case when account.kind = $4 then -o.amount_fen else o.amount_fen end, $3, moved.created_at
       from moved join orders o on o.order_no = moved.memo
       join ledger_accounts account on account.kind in ($4, $5) and account.company_id is not distinct from (case when account.kind like 'merchant%' then $1::uuid end)`,
      [companyId, kind, label, from, to],
    );
  }
  if (withdrawals > 0) {
    await raw(
      `insert into withdrawals (company_id, requested_by, amount_fen, fee_fen, state, account, request_serial, created_at, finished_at)
       select $1::uuid, $2::uuid, 10000, 100, '已到账', '中国工商银行（尾号2345）', 'seed' || lpad(g::text, 12, '0'), now() - g * $3::interval, now() - g * $3::interval
       from generate_series(1, $4::int) g`,
      [companyId, userId, apart, withdrawals],
    );
  }
  await raw(
    `update ledger_accounts account set balance = coalesce((select sum(amount) from ledger_entries e where e.account_id = account.id), 0)
     where company_id = $1::uuid or company_id is null`,
    [companyId],
  );
}
