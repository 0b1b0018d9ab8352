CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"kind" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_merchant_not_negative" CHECK ("ledger_accounts"."company_id" is null or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"company_id" uuid,
	"account_kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cash_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" text NOT NULL,
	"company_id" uuid NOT NULL,
	"sub_code_id" uuid,
	"sub_code_name" text,
	"goods_id" uuid,
	"goods_name" text,
	"payer_id" uuid NOT NULL,
	"amount_fen" bigint NOT NULL,
	"channel" text NOT NULL,
	"state" text DEFAULT '待支付' NOT NULL,
	"provider_trade_no" text,
	"paid_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"application_id" uuid,
	"invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_orders_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"amount_fen" bigint NOT NULL,
	"fee_fen" bigint NOT NULL,
	"state" text DEFAULT '审核中' NOT NULL,
	"fail_reason" text,
	"account" text NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"bank_account" text DEFAULT '' NOT NULL,
	"request_serial" text NOT NULL,
	"task_id" uuid,
	"payout_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "money_month_totals" (
	"company_id" uuid NOT NULL,
	"month" integer NOT NULL,
	"channel" text NOT NULL,
	"income_fen" bigint DEFAULT 0 NOT NULL,
	"income_count" integer DEFAULT 0 NOT NULL,
	"expense_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "money_month_totals_company_id_month_channel_pk" PRIMARY KEY("company_id","month","channel")
);
--> statement-breakpoint
CREATE TABLE "sim_payouts" (
	"ref" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"payout_no" text,
	"reason" text,
	"amount_fen" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_orders" ADD CONSTRAINT "cash_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_orders" ADD CONSTRAINT "cash_orders_sub_code_id_sub_codes_id_fk" FOREIGN KEY ("sub_code_id") REFERENCES "public"."sub_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_orders" ADD CONSTRAINT "cash_orders_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_orders" ADD CONSTRAINT "cash_orders_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_month_totals" ADD CONSTRAINT "money_month_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_company_kind" ON "ledger_accounts" USING btree ("company_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_kind" ON "ledger_accounts" USING btree ("kind") WHERE "ledger_accounts"."company_id" is null;--> statement-breakpoint
CREATE INDEX "ledger_transactions_company" ON "ledger_transactions" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account" ON "ledger_entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_wallet" ON "ledger_entries" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "ledger_entries"."account_kind" in ('merchant_frozen', 'merchant_available');--> statement-breakpoint
CREATE INDEX "cash_orders_company_paid" ON "cash_orders" USING btree ("company_id","paid_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "cash_orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "cash_orders_company_channel_paid" ON "cash_orders" USING btree ("company_id","channel","paid_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "cash_orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "cash_orders_unsettled" ON "cash_orders" USING btree ("company_id","paid_at") WHERE "cash_orders"."paid_at" is not null and "cash_orders"."settled_at" is null;--> statement-breakpoint
CREATE INDEX "cash_orders_payer" ON "cash_orders" USING btree ("payer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_request_serial" ON "withdrawals" USING btree ("company_id","request_serial");--> statement-breakpoint
CREATE INDEX "withdrawals_company_created" ON "withdrawals" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "withdrawals_company_spent" ON "withdrawals" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "withdrawals"."state" <> '失败';--> statement-breakpoint
-- The platform's own accounts (docs: @app/domain/ledger-model).
INSERT INTO "ledger_accounts" ("company_id", "kind") VALUES (NULL, 'provider_clearing'), (NULL, 'payout_clearing'), (NULL, 'fee_income');
