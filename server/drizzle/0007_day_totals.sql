-- Daily totals beside the monthly ones, and the lines' rates by month (docs/architecture.md, "Lists that stay flat"):
-- statistics/invoice and statistics/income read a range's whole months from the monthly totals and its other days from
-- the daily ones, instead of every invoice, line, order and withdrawal of the range. Days are China days (UTC+8, no
-- daylight saving since 1991) as YYYYMMDD, months YYYYMM.
CREATE TABLE "invoice_day_totals" (
	"company_id" uuid NOT NULL,
	"day" integer NOT NULL,
	"kind" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"gross_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_day_totals_company_id_day_kind_pk" PRIMARY KEY("company_id","day","kind")
);
--> statement-breakpoint
CREATE TABLE "invoice_day_rate_totals" (
	"company_id" uuid NOT NULL,
	"day" integer NOT NULL,
	"rate_permille" integer,
	"tax_free" text,
	"net_fen" bigint DEFAULT 0 NOT NULL,
	"tax_fen" bigint DEFAULT 0 NOT NULL,
	"gross_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_day_rate_totals_key" UNIQUE NULLS NOT DISTINCT("company_id","day","rate_permille","tax_free")
);
--> statement-breakpoint
CREATE TABLE "invoice_month_rate_totals" (
	"company_id" uuid NOT NULL,
	"month" integer NOT NULL,
	"rate_permille" integer,
	"tax_free" text,
	"net_fen" bigint DEFAULT 0 NOT NULL,
	"tax_fen" bigint DEFAULT 0 NOT NULL,
	"gross_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_month_rate_totals_key" UNIQUE NULLS NOT DISTINCT("company_id","month","rate_permille","tax_free")
);
--> statement-breakpoint
CREATE TABLE "money_day_totals" (
	"company_id" uuid NOT NULL,
	"day" integer NOT NULL,
	"channel" text NOT NULL,
	"income_fen" bigint DEFAULT 0 NOT NULL,
	"income_count" integer DEFAULT 0 NOT NULL,
	"expense_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "money_day_totals_company_id_day_channel_pk" PRIMARY KEY("company_id","day","channel")
);
--> statement-breakpoint
ALTER TABLE "invoice_day_totals" ADD CONSTRAINT "invoice_day_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_day_rate_totals" ADD CONSTRAINT "invoice_day_rate_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_month_rate_totals" ADD CONSTRAINT "invoice_month_rate_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_day_totals" ADD CONSTRAINT "money_day_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The task worker's claim (finished_at is null and next_run_at <= now(), by next_run_at) reads the due unfinished
-- tasks on this index instead of every task at each poll.
CREATE INDEX "tasks_unfinished_due" ON "tasks" USING btree ("next_run_at") WHERE "tasks"."finished_at" is null;--> statement-breakpoint
-- The totals of what was issued, paid and withdrawn before this migration, as the server adds to them: issued invoices
-- by the China day of issued_at and their lines (by day and by month); paid orders by the day of paid_at and their
-- channel; withdrawals that did not fail (amount + fee) by the day they were asked for, channel 'bank'.
INSERT INTO "invoice_day_totals" ("company_id", "day", "kind", "count", "gross_fen")
SELECT "company_id", to_char(("issued_at" AT TIME ZONE 'UTC') + interval '8 hours', 'YYYYMMDD')::integer, "kind", count(*), coalesce(sum("gross_fen"), 0)
FROM "invoices" WHERE "issued_at" IS NOT NULL GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "invoice_day_rate_totals" ("company_id", "day", "rate_permille", "tax_free", "net_fen", "tax_fen", "gross_fen")
SELECT i."company_id", to_char((i."issued_at" AT TIME ZONE 'UTC') + interval '8 hours', 'YYYYMMDD')::integer, l."rate_permille", l."tax_free",
	sum(l."net_fen"), sum(l."tax_fen"), sum(l."gross_fen")
FROM "invoices" i JOIN "invoice_lines" l ON l."invoice_id" = i."id"
WHERE i."issued_at" IS NOT NULL GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "invoice_month_rate_totals" ("company_id", "month", "rate_permille", "tax_free", "net_fen", "tax_fen", "gross_fen")
SELECT "company_id", "day" / 100, "rate_permille", "tax_free", sum("net_fen"), sum("tax_fen"), sum("gross_fen")
FROM "invoice_day_rate_totals" GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "money_day_totals" ("company_id", "day", "channel", "income_fen", "income_count", "expense_fen")
SELECT "company_id", "day", "channel", sum("income_fen"), sum("income_count"), sum("expense_fen") FROM (
	SELECT "company_id", to_char(("paid_at" AT TIME ZONE 'UTC') + interval '8 hours', 'YYYYMMDD')::integer AS "day", "channel",
		"amount_fen" AS "income_fen", 1 AS "income_count", 0 AS "expense_fen"
	FROM "cash_orders" WHERE "paid_at" IS NOT NULL
	UNION ALL
	SELECT "company_id", to_char(("created_at" AT TIME ZONE 'UTC') + interval '8 hours', 'YYYYMMDD')::integer, 'bank', 0, 0, "amount_fen" + "fee_fen"
	FROM "withdrawals" WHERE "state" <> '失败'
) AS "movements" GROUP BY 1, 2, 3;
