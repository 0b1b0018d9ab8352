/**
 * Rows in bulk for one company, in SQL that writes what the server's own insert paths write (issued and failed blue
 * and red invoices with a line each, tasks of every kind and state, customers' applications, goods, paid orders with
 * their ledger postings, withdrawals paid out or failed with theirs) and the totals the server maintains beside them
 * (`invoice_month_totals`, `invoice_day_totals`, `invoice_month_rate_totals`, `invoice_day_rate_totals`,
 * `money_month_totals`, `money_day_totals`), spread back in time one row a `minutesApart`. The plan test and `npm run bench:scale` use it.
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
  /**
   * Paid and settled customer orders, each with its payment and settlement in the ledger, and withdrawals (every 10th
   * failed and refunded, the rest paid out) with their postings (the money lists and statistics); default none.
   */
  payments?: number;
  withdrawals?: number;
  /** Orders and withdrawals go back in time by this many minutes each (default `minutesApart`). */
  moneyMinutesApart?: number;
  /** Makes the 20-digit invoice numbers of this company unique: a number below 10^7, different for each company. */
  numberPrefix: number;
  /** Rows go back in time by this many minutes each (default 1). */
  minutesApart?: number;
  /** Tickets of the company's folder (票夹), with `ticket_month_totals` recomputed from them; default none. */
  tickets?: number;
}

/** Seller names of the seeded tickets repeat every 997: `卖方<n>号贸易有限公司`, n = row % 997. */
export const sellerName = (row: number) => `卖方${row % 997}号贸易有限公司`;

/** Buyer names repeat every 997 invoices: `买方<n>号商贸有限公司`, n = row % 997. */
export const buyerName = (row: number) => `买方${row % 997}号商贸有限公司`;

/** The rate (per mille) of a seeded line, from its gross in fen: 0, 3 %, 6 % or 13 % (a gross of ±1000 is 0). */
export const RATE_OF_GROSS = (gross: string) => `(array[0, 30, 60, 130])[1 + abs(${gross}) % 4]`;

const chinaDay = (column: string) => `to_char((${column} at time zone 'UTC') + interval '8 hours', 'YYYYMMDD')::int`;

/**
 * The invoice totals of the companies `companies` selects (a predicate on `company_id`), recomputed from their issued
 * invoices and lines, as the issuing step adds to them: by China day and by China month, of each kind and of each rate.
 */
export async function fillInvoiceTotals(raw: RawQuery, companies: string, params: unknown[]): Promise<void> {
  await raw(
    `insert into invoice_day_totals (company_id, day, kind, count, gross_fen)
     select company_id, ${chinaDay('issued_at')}, kind, count(*), sum(gross_fen)
     from invoices where ${companies} and issued_at is not null group by 1, 2, 3
     on conflict (company_id, day, kind) do update set count = excluded.count, gross_fen = excluded.gross_fen`,
    params,
  );
  await raw(
    `insert into invoice_month_totals (company_id, month, kind, count, gross_fen)
     select company_id, day / 100, kind, sum(count), sum(gross_fen)
     from invoice_day_totals where ${companies} group by 1, 2, 3
     on conflict (company_id, month, kind) do update set count = excluded.count, gross_fen = excluded.gross_fen`,
    params,
  );
  await raw(
    `insert into invoice_day_rate_totals (company_id, day, rate_permille, tax_free, net_fen, tax_fen, gross_fen)
     select i.company_id, ${chinaDay('i.issued_at')}, l.rate_permille, l.tax_free, sum(l.net_fen), sum(l.tax_fen), sum(l.gross_fen)
     from invoices i join invoice_lines l on l.invoice_id = i.id
     where ${companies.replaceAll('company_id', 'i.company_id')} and i.issued_at is not null group by 1, 2, 3, 4
     on conflict (company_id, day, rate_permille, tax_free) do update set net_fen = excluded.net_fen, tax_fen = excluded.tax_fen, gross_fen = excluded.gross_fen`,
    params,
  );
  await raw(
    `insert into invoice_month_rate_totals (company_id, month, rate_permille, tax_free, net_fen, tax_fen, gross_fen)
     select company_id, day / 100, rate_permille, tax_free, sum(net_fen), sum(tax_fen), sum(gross_fen)
     from invoice_day_rate_totals where ${companies} group by 1, 2, 3, 4
     on conflict (company_id, month, rate_permille, tax_free) do update set net_fen = excluded.net_fen, tax_fen = excluded.tax_fen, gross_fen = excluded.gross_fen`,
    params,
  );
}

export async function seedCompanyRows(raw: RawQuery, rows: CompanyRows): Promise<void> {
  const { companyId, userId, numberPrefix } = rows;
  const apart = `${rows.minutesApart ?? 1} minutes`;
  const seller = JSON.stringify({
    name: '种子企业',
    taxNumber: '91310000000000000X',
    address: '',
    phone: '',
    bankName: '',
    bankAccount: '',
    naturalPerson: false,
  });
  if (rows.invoices > 0) {
    // Every 10th a red one, every 50th failed (no number, not issued). A line's rate follows from its gross (see
    // RATE_OF_GROSS), and its net and tax split the gross at that rate.
    await raw(
      `insert into invoices (company_id, created_by, kind, type, status, number, issued_at, buyer, seller, net_fen, tax_fen, gross_fen, created_at, updated_at)
       select $1::uuid, $2::uuid,
         case when g % 10 = 0 then 'red' else 'blue' end, '数电普票',
         case when g % 50 = 0 then '开具失败' else '已开具' end,
         case when g % 50 = 0 then null else lpad($3::text, 7, '0') || lpad(g::text, 13, '0') end,
         case when g % 50 = 0 then null else at end,
         jsonb_build_object('name', '买方' || (g % 997) || '号商贸有限公司', 'taxNumber', '', 'address', '', 'phone', '', 'bankName', '', 'bankAccount', '', 'naturalPerson', false),
         $5::jsonb, net, gross - net, gross, at, at
       from (select g, gross, at, round(gross * 1000.0 / (1000 + ${RATE_OF_GROSS('gross')}))::bigint as net
             from (select g, case when g % 10 = 0 then -1000 else 1000 + g % 100 end as gross, now() - g * $4::interval as at from generate_series(1, $6::int) g) amounts) seeded`,
      [companyId, userId, String(numberPrefix), apart, seller, rows.invoices],
    );
    await raw(
      `insert into invoice_lines (invoice_id, line_no, goods_name, tax_short_name, tax_code, net_fen, tax_fen, gross_fen, rate_permille)
       select id, 1, '咨询服务', '现代服务', '3040000000000000000', net_fen, tax_fen, gross_fen, ${RATE_OF_GROSS('gross_fen')} from invoices i
       where company_id = $1::uuid and not exists (select 1 from invoice_lines l where l.invoice_id = i.id)`,
      [companyId],
    );
    await fillInvoiceTotals(raw, 'company_id = $1::uuid', [companyId]);
    // Each issued invoice e-mailed once: every 40th of them failed (invoice/list's deliveryFailed finds those).
    await raw(
      `insert into invoice_deliveries (invoice_id, company_id, channel, address, state, fail_reason, attempts, created_at, updated_at, sent_at, failed_at)
       select id, company_id, 'email', 'finance@example.test', case when n % 40 = 0 then 'failed' else 'sent' end,
         case when n % 40 = 0 then '邮件服务器拒收：550 5.1.1 no such user' end, 1, issued_at, issued_at,
         case when n % 40 = 0 then null else issued_at end, case when n % 40 = 0 then issued_at end
       from (select id, company_id, issued_at, row_number() over (order by issued_at) as n from invoices
             where company_id = $1::uuid and issued_at is not null) issued`,
      [companyId],
    );
  }
  if (rows.tasks > 0) {
    // Mostly finished tasks; every 20th failed, every 500th still open (waiting for an SMS code: not due before its
    // deadline, so the worker leaves it alone until then).
    await raw(
      `insert into tasks (company_id, user_id, type, status, attempts, next_run_at, deadline_at, created_at, updated_at, finished_at)
       select $1::uuid, $2::uuid,
         (array['blue_invoice', 'blue_invoice', 'blue_invoice', 'red_invoice', 'login_sms', 'face'])[1 + g % 6],
         case when g % 500 = 0 then 2020 when g % 20 = 0 then -1 else 1 end, 1,
         case when g % 500 = 0 then now() + interval '1 day' else now() - g * $3::interval end,
         case when g % 500 = 0 then now() + interval '1 day' else now() - g * $3::interval + interval '1 hour' end,
         now() - g * $3::interval, now() - g * $3::interval,
         case when g % 500 = 0 then null else now() - g * $3::interval end
       from generate_series(1, $4::int) g`,
      [companyId, userId, apart, rows.tasks],
    );
    // As many of the server's own delivery tasks, done, between them (task/getMyTasks leaves them out).
    await raw(
      `insert into tasks (company_id, user_id, type, status, attempts, max_attempts, next_run_at, deadline_at, created_at, updated_at, finished_at)
       select $1::uuid, $2::uuid, 'deliver_invoice', 1, 1, 6, at, at + interval '30 minutes', at, at, at
       from (select now() - g * $3::interval + interval '1 second' as at from generate_series(1, $4::int) g) due`,
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
  if (rows.tickets) await seedTickets(raw, companyId, numberPrefix, apart, rows.tickets);
  if (rows.payments)
    await seedMoney(
      raw,
      companyId,
      userId,
      numberPrefix,
      `${rows.moneyMinutesApart ?? rows.minutesApart ?? 1} minutes`,
      rows.payments,
      rows.withdrawals ?? 0,
    );
}

/**
 * Tickets as the folder records them (every 20th 查无此票 with no tax known, every 50th 已红冲, every 3rd reimbursed,
 * the six types in turn) one issue day apart every `apart`×48, and `ticket_month_totals` recomputed from them the way
 * tickets/ticket-records.ts keeps it; `ticket_sellers` is filled by its trigger.
 */
async function seedTickets(raw: RawQuery, companyId: string, prefix: number, apart: string, count: number): Promise<void> {
  // One statement: the month totals add exactly the rows it inserts (a company seeded twice counts each row once).
  await raw(
    `with inserted as (
       insert into tickets (company_id, source, type, number, issue_date, seller_name, seller_tax_number, net_fen, tax_fen, gross_fen, red_net_fen, red_tax_fen, red_gross_fen, verify_state, verified_at, reimbursed, created_at, updated_at)
       select $1::uuid, case when g % 4 = 0 then '自动归集' else '扫码' end,
         (array['数电专票', '数电普票', '增值税专用发票', '增值税电子专用发票', '增值税普通发票', '增值税电子普通发票'])[1 + g % 6],
         lpad($2::text, 7, '0') || lpad(g::text, 13, '0'),
         ((now() - g * $3::interval) at time zone 'UTC' + interval '8 hours')::date,
         '卖方' || (g % 997) || '号贸易有限公司', '91310000000000000X',
         net, case when g % 20 = 0 then null else tax end, case when g % 20 = 0 then null else net + tax end,
         case when g % 50 = 0 then net else 0 end, case when g % 50 = 0 then tax else 0 end, case when g % 50 = 0 then net + tax else 0 end,
         case when g % 20 = 0 then '查无此票' when g % 50 = 0 then '已红冲' else '查验通过' end, now(), g % 3 = 0, now(), now()
       from (select g, 1000 + g % 1000 as net, (1000 + g % 1000) * 6 / 100 as tax from generate_series(1, $4::int) g) amounts
       returning company_id, issue_date, type, verify_state, reimbursed, net_fen, tax_fen, gross_fen, red_net_fen, red_tax_fen, red_gross_fen)
     insert into ticket_month_totals (company_id, month, type, verify_state, reimbursed, count, net_fen, tax_fen, gross_fen)
     select company_id, to_char(issue_date, 'YYYYMM')::int, coalesce(type, ''), verify_state, reimbursed, count(*),
       sum(net_fen - red_net_fen), sum(coalesce(tax_fen, 0) - red_tax_fen), sum(coalesce(gross_fen, net_fen) - red_gross_fen)
     from inserted
     group by 1, 2, 3, 4, 5
     on conflict (company_id, month, type, verify_state, reimbursed) do update set
       count = ticket_month_totals.count + excluded.count, net_fen = ticket_month_totals.net_fen + excluded.net_fen,
       tax_fen = ticket_month_totals.tax_fen + excluded.tax_fen, gross_fen = ticket_month_totals.gross_fen + excluded.gross_fen`,
    [companyId, String(prefix), apart, count],
  );
}

/** A movement's postings as the ledger writes them (@app/domain/ledger-model `postingsOf`): account, sign, part, label. */
type SeedPosting = readonly [account: string, sign: 1 | -1, part: 'amount' | 'fee' | 'both', label: string];

const WITHDRAWAL_POSTINGS: Record<'withdrawal' | 'withdrawal_paid' | 'withdrawal_failed', SeedPosting[]> = {
  withdrawal: [
    ['merchant_available', -1, 'amount', '提现'],
    ['merchant_available', -1, 'fee', '提现手续费'],
    ['merchant_withdrawing', 1, 'amount', '提现'],
    ['merchant_withdrawing', 1, 'fee', '提现手续费'],
  ],
  withdrawal_paid: [
    ['merchant_withdrawing', -1, 'amount', '提现'],
    ['payout_clearing', 1, 'amount', '提现'],
    ['merchant_withdrawing', -1, 'fee', '提现手续费'],
    ['fee_income', 1, 'fee', '提现手续费'],
  ],
  withdrawal_failed: [
    ['merchant_withdrawing', -1, 'amount', '提现退回'],
    ['merchant_withdrawing', -1, 'fee', '提现退回'],
    ['merchant_available', 1, 'both', '提现退回'],
  ],
};

const FAIL_REASON = '收款账户信息有误，银行退回';

/**
 * Paid orders as the server records them: the order (paid, settled), a `payment` transaction (provider clearing →
 * frozen) and a `settlement` one (frozen → available), each balanced; withdrawals as the wallet and the payout task
 * record them: asked for (`withdrawal`, held), then paid out (`withdrawal_paid`) or, every 10th, failed and refunded
 * (`withdrawal_failed`), under the server's idempotency keys. The merchant accounts' balances are set to the sums of
 * their entries, and the company's money totals (month and day) recomputed from its orders and withdrawals.
 */
async function seedMoney(
  raw: RawQuery,
  companyId: string,
  userId: string,
  prefix: number,
  apart: string,
  payments: number,
  withdrawals: number,
): Promise<void> {
  const orderPrefix = `S${String(prefix).padStart(7, '0')}`;
  const serialPrefix = `seed${prefix}-`;
  await raw(
    `insert into ledger_accounts (company_id, kind) values ($1::uuid, 'merchant_frozen'), ($1::uuid, 'merchant_available'), ($1::uuid, 'merchant_withdrawing')
     on conflict do nothing`,
    [companyId],
  );
  await raw(
    `insert into cash_orders (order_no, company_id, payer_id, amount_fen, channel, state, paid_at, settled_at, created_at)
     select $2::text || lpad(g::text, 10, '0'), $1::uuid, $3::uuid, 1000 + g % 100,
       (array['wechat', 'alipay', 'demo'])[1 + g % 3], '已支付', now() - g * $4::interval, now() - g * $4::interval, now() - g * $4::interval
     from generate_series(1, $5::int) g`,
    [companyId, orderPrefix, userId, apart, payments],
  );
  // Each transaction's id is made from its idempotency key (md5 as a uuid), so its entries name it without a join.
  for (const [kind, label, from, to] of [
    ['payment', '收款', 'provider_clearing', 'merchant_frozen'],
    ['settlement', '结算', 'merchant_frozen', 'merchant_available'],
  ] as const) {
    await raw(
      `insert into ledger_transactions (id, company_id, kind, idempotency_key, memo, created_at)
       select md5($2::text || ':' || order_no)::uuid, $1::uuid, $2, $2::text || ':' || order_no, order_no, paid_at
       from cash_orders where company_id = $1::uuid and order_no like $3::text || '%'`,
      [companyId, kind, orderPrefix],
    );
    await raw(
      `insert into ledger_entries (transaction_id, account_id, company_id, account_kind, amount, label, created_at)
       select md5($2::text || ':' || o.order_no)::uuid, account.id, account.company_id, account.kind, case when account.kind = $4 then -o.amount_fen else o.amount_fen end, $3, o.paid_at
       from cash_orders o
       join ledger_accounts account on account.kind in ($4, $5) and account.company_id is not distinct from (case when account.kind like 'merchant%' then $1::uuid end)
       where o.company_id = $1::uuid and o.order_no like $6::text || '%'
       order by o.paid_at, o.order_no, account.kind = $5`,
      [companyId, kind, label, from, to, orderPrefix],
    );
  }
  if (withdrawals > 0) {
    // 20.00 yuan and the least fee (1.00) each, so that the seeded income always covers them.
    await raw(
      `insert into withdrawals (company_id, requested_by, amount_fen, fee_fen, state, fail_reason, account, bank_name, bank_account, request_serial, created_at, finished_at)
       select $1::uuid, $2::uuid, 2000, 100, case when g % 10 = 0 then '失败' else '已到账' end, case when g % 10 = 0 then $6::text end,
         '中国工商银行（尾号2345）', '中国工商银行', '6222020000012345', $5::text || lpad(g::text, 12, '0'), now() - g * $3::interval, now() - g * $3::interval + interval '1 minute'
       from generate_series(1, $4::int) g`,
      [companyId, userId, apart, withdrawals, serialPrefix, FAIL_REASON],
    );
    const movements = [
      ['withdrawal', 'withdraw:', null, 'created_at', 'account'],
      ['withdrawal_paid', 'withdraw-paid:', '已到账', 'finished_at', 'account'],
      ['withdrawal_failed', 'withdraw-refund:', '失败', 'finished_at', 'fail_reason'],
    ] as const;
    for (const [kind, key, state, at, memo] of movements) {
      const postings = WITHDRAWAL_POSTINGS[kind];
      const chosen = `w.company_id = $1::uuid and w.request_serial like $3::text || '%' and ($4::text = '' or w.state = $4::text)`;
      await raw(
        `insert into ledger_transactions (id, company_id, kind, idempotency_key, memo, created_at)
         select md5($2::text || w.id)::uuid, $1::uuid, $5, $2::text || w.id, w.${memo}, w.${at} from withdrawals w where ${chosen}`,
        [companyId, key, serialPrefix, state ?? '', kind],
      );
      const values = postings
        .map((_, i) => `(${i}, $${5 + 4 * i}::text, $${6 + 4 * i}::int, $${7 + 4 * i}::text, $${8 + 4 * i}::text)`)
        .join(', ');
      await raw(
        `insert into ledger_entries (transaction_id, account_id, company_id, account_kind, amount, label, created_at)
         select md5($2::text || w.id)::uuid, account.id, account.company_id, account.kind,
           p.sign * case p.part when 'amount' then w.amount_fen when 'fee' then w.fee_fen else w.amount_fen + w.fee_fen end, p.label, w.${at}
         from withdrawals w cross join (values ${values}) p(n, kind, sign, part, label)
         join ledger_accounts account on account.kind = p.kind and account.company_id is not distinct from (case when p.kind like 'merchant%' then $1::uuid end)
         where ${chosen}
         order by w.${at}, w.id, p.n`,
        [companyId, key, serialPrefix, state ?? '', ...postings.flat()],
      );
    }
  }
  await raw(
    `update ledger_accounts account set balance = coalesce((select sum(amount) from ledger_entries e where e.account_id = account.id), 0)
     where company_id = $1::uuid or company_id is null`,
    [companyId],
  );
  await fillMoneyTotals(raw, 'company_id = $1::uuid', [companyId]);
}

/**
 * The money totals of the companies `companies` selects (a predicate on `company_id`), recomputed from their paid
 * orders (income by channel) and their withdrawals that did not fail (expense: amount + fee, channel `bank`), by the
 * China day of `paid_at` and `created_at` (as cash/money-totals.ts adds to them), and the months from the days.
 */
export async function fillMoneyTotals(raw: RawQuery, companies: string, params: unknown[]): Promise<void> {
  await raw(
    `insert into money_day_totals (company_id, day, channel, income_fen, income_count, expense_fen)
     select company_id, day, channel, sum(income_fen), sum(income_count), sum(expense_fen) from (
       select company_id, ${chinaDay('paid_at')} as day, channel, amount_fen as income_fen, 1 as income_count, 0 as expense_fen
       from cash_orders where ${companies} and paid_at is not null
       union all
       select company_id, ${chinaDay('created_at')}, 'bank', 0, 0, amount_fen + fee_fen
       from withdrawals where ${companies} and state <> '失败'
     ) movements group by 1, 2, 3
     on conflict (company_id, day, channel) do update set income_fen = excluded.income_fen, income_count = excluded.income_count, expense_fen = excluded.expense_fen`,
    params,
  );
  await raw(
    `insert into money_month_totals (company_id, month, channel, income_fen, income_count, expense_fen)
     select company_id, day / 100, channel, sum(income_fen), sum(income_count), sum(expense_fen)
     from money_day_totals where ${companies} group by 1, 2, 3
     on conflict (company_id, month, channel) do update set income_fen = excluded.income_fen, income_count = excluded.income_count, expense_fen = excluded.expense_fen`,
    params,
  );
}

/**
 * `trips` taxi trips of the company, `minutesApart` apart back from now, over its cars (three are added when it has
 * none): every 3rd received by `receiverId` (every 6th of those asked to be invoiced), every 7th not yet shared, the
 * others shared; and the day totals they add up to, as taxiTrip/create keeps them. `codeTag` sets the share codes of
 * one seeding apart from another's in the same company (codes are unique).
 */
export async function seedTrips(
  raw: RawQuery,
  rows: { companyId: string; userId: string; receiverId: string; trips: number; minutesApart?: number; codeTag?: string },
): Promise<void> {
  const { companyId, userId, receiverId } = rows;
  const existing = await raw('select id from cars where company_id = $1::uuid', [companyId]);
  if (!existing.length) {
    await raw(
      `insert into cars (company_id, license_plate_number) select $1::uuid, '浙A·S' || lpad(n::text, 4, '0') from generate_series(1, 3) n`,
      [companyId],
    );
  }
  await raw(
    `insert into taxi_trips (company_id, car_id, license_plate_number, created_by, start_time, end_time, from_place, to_place, distance_metres, fare_fen, state, share_code, receiver_id, received_at, created_at)
     select $1::uuid, car.id, car.license_plate_number, $2::uuid, at, at + interval '20 minutes', '上车点' || (g % 97), '下车点' || (g % 89), 1000 + g % 30000, 1000 + g % 9000,
       case when g % 7 = 0 then '未分享' when g % 3 <> 0 then '待领取' when g % 18 = 0 then '待开票' else '已领取' end,
       case when g % 7 = 0 then null else 'T' || substr(md5($1::text || $6::text), 1, 6) || lpad(g::text, 8, '0') end,
       case when g % 7 <> 0 and g % 3 = 0 then $3::uuid end,
       case when g % 7 <> 0 and g % 3 = 0 then at + interval '30 minutes' end,
       at
     from (select g, now() - interval '1 hour' - g * $4::interval as at from generate_series(1, $5::int) g) seeded
     join (select id, license_plate_number, row_number() over (order by id) - 1 as n, count(*) over () as cars
           from cars where company_id = $1::uuid) car on car.n = seeded.g % car.cars
     order by g`,
    [companyId, userId, receiverId, `${rows.minutesApart ?? 30} minutes`, rows.trips, rows.codeTag ?? ''],
  );
  const day = `to_char((start_time at time zone 'UTC') + interval '8 hours', 'YYYYMMDD')::int`;
  await raw(
    `insert into taxi_trip_day_totals (company_id, car_id, day, trips, fare_fen, distance_metres)
     select company_id, car_id, ${day}, count(*), sum(fare_fen), sum(distance_metres) from taxi_trips where company_id = $1::uuid group by company_id, car_id, ${day}
     union all
     select company_id, null, ${day}, count(*), sum(fare_fen), sum(distance_metres) from taxi_trips where company_id = $1::uuid group by company_id, ${day}
     on conflict (company_id, car_id, day) do update set trips = excluded.trips, fare_fen = excluded.fare_fen, distance_metres = excluded.distance_metres`,
    [companyId],
  );
}

/** Audit entries of a company, `minutesApart` apart back from now: the kinds in turn, every 5th by `otherUserId`. */
export async function seedAuditEntries(
  raw: RawQuery,
  rows: { companyId: string; userId: string; otherUserId: string; entries: number; minutesApart?: number },
): Promise<void> {
  await raw(
    `insert into audit_entries (company_id, user_id, role, kind, object_type, object_id, summary, request_id, ip, created_at)
     select $1::uuid, case when g % 5 = 0 then $3::uuid else $2::uuid end, '管理员',
       (array['invoice.issue', 'ticket.import', 'goods.save', 'invoice.reverse', 'ticket.delete'])[1 + g % 5],
       'invoice', g::text, '开具发票 ' || g, 'seed-' || g, '127.0.0.1', now() - interval '1 minute' - g * $4::interval
     from generate_series(1, $5::int) g`,
    [rows.companyId, rows.userId, rows.otherUserId, `${rows.minutesApart ?? 3} minutes`, rows.entries],
  );
}
