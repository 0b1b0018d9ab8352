-- Trigram search (the invoice list's keyword) and GIN on the company id beside it; both are trusted extensions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "invoice_month_totals" (
	"company_id" uuid NOT NULL,
	"month" integer NOT NULL,
	"kind" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"gross_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_month_totals_company_id_month_kind_pk" PRIMARY KEY("company_id","month","kind")
);
--> statement-breakpoint
DROP INDEX "invoices_company_created";--> statement-breakpoint
DROP INDEX "goods_company";--> statement-breakpoint
DROP INDEX "invoice_applications_company";--> statement-breakpoint
DROP INDEX "invoice_applications_applicant";--> statement-breakpoint
DROP INDEX "tasks_company_created";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "listed_at" timestamp with time zone GENERATED ALWAYS AS (coalesce(issued_at, created_at)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "search_text" text GENERATED ALWAYS AS (coalesce(number, '') || ' ' || coalesce(buyer ->> 'name', '')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_month_totals" ADD CONSTRAINT "invoice_month_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_applications_company_status" ON "invoice_applications" USING btree ("company_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_company_listed" ON "invoices" USING btree ("company_id","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_company_status_listed" ON "invoices" USING btree ("company_id","status","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_company_kind_listed" ON "invoices" USING btree ("company_id","kind","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_company_search" ON "invoices" USING gin ("company_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_company_type_created" ON "tasks" USING btree ("company_id","type","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_company_status_created" ON "tasks" USING btree ("company_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_company_open" ON "tasks" USING btree ("company_id","created_at" DESC NULLS FIRST) WHERE "tasks"."status" not in (1, -1);--> statement-breakpoint
CREATE INDEX "goods_company" ON "goods" USING btree ("company_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "invoice_applications_company" ON "invoice_applications" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoice_applications_applicant" ON "invoice_applications" USING btree ("applicant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_company_created" ON "tasks" USING btree ("company_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
-- The totals of the invoices issued before this migration (China months: UTC+8, no daylight saving since 1991).
INSERT INTO "invoice_month_totals" ("company_id", "month", "kind", "count", "gross_fen")
SELECT "company_id", to_char(("issued_at" AT TIME ZONE 'UTC') + interval '8 hours', 'YYYYMM')::integer, "kind", count(*), coalesce(sum("gross_fen"), 0)
FROM "invoices" WHERE "issued_at" IS NOT NULL GROUP BY 1, 2, 3;
