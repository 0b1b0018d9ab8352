-- The ticket folder (票夹): invoices a company received, one row per company and invoice (code, number), and
-- the folder's totals by month kept beside them (docs/architecture.md, "Lists that stay flat"). Every change of a
-- ticket (import, automatic collection, verification, red reversal, reimbursement, delete) takes the row's lock and
-- moves its amounts from its old key of `ticket_month_totals` to its new one in the same transaction, so the totals
-- of any filter but a keyword are a sum of a few rows per month, whatever the number of tickets.
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"source" text NOT NULL,
	"type" text,
	"invoice_code" text DEFAULT '' NOT NULL,
	"number" text NOT NULL,
	"issue_date" date NOT NULL,
	"check_code_last6" text DEFAULT '' NOT NULL,
	"seller_name" text DEFAULT '' NOT NULL,
	"seller_tax_number" text DEFAULT '' NOT NULL,
	"buyer_name" text DEFAULT '' NOT NULL,
	"buyer_tax_number" text DEFAULT '' NOT NULL,
	"net_fen" bigint NOT NULL,
	"tax_fen" bigint,
	"gross_fen" bigint,
	"red_net_fen" bigint DEFAULT 0 NOT NULL,
	"red_tax_fen" bigint DEFAULT 0 NOT NULL,
	"red_gross_fen" bigint DEFAULT 0 NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"verify_state" text DEFAULT '未查验' NOT NULL,
	"verify_message" text,
	"verified_at" timestamp with time zone,
	"verify_task_id" uuid,
	"reimbursed" boolean DEFAULT false NOT NULL,
	"reimbursed_at" timestamp with time zone,
	"reimbursed_by" uuid REFERENCES "users"("id"),
	"invoice_id" uuid,
	"created_by" uuid REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_company_invoice" ON "tickets" USING btree ("company_id","invoice_code","number");--> statement-breakpoint
CREATE INDEX "tickets_company_issued" ON "tickets" USING btree ("company_id","issue_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tickets_company_type_issued" ON "tickets" USING btree ("company_id","type","issue_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tickets_company_state_issued" ON "tickets" USING btree ("company_id","verify_state","issue_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tickets_company_reimbursed_issued" ON "tickets" USING btree ("company_id","reimbursed","issue_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- The keyword (server/src/tickets/ticket-search.ts): a seller's tickets in the list's order with what the list filters
-- on and sums (an index-only scan), and the numbers that end with a keyword of digits.
CREATE INDEX "tickets_company_seller_issued" ON "tickets" USING btree ("company_id","seller_name","issue_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("type","verify_state","reimbursed","net_fen","tax_fen","gross_fen","red_net_fen","red_tax_fen","red_gross_fen");--> statement-breakpoint
CREATE INDEX "tickets_company_number_tail" ON "tickets" USING btree ("company_id",reverse("number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "tickets_invoice" ON "tickets" USING btree ("invoice_id");--> statement-breakpoint
-- The folder's totals by company, month of the issue date (YYYYMM) and what the list filters on ('' for a type not
-- known yet): amounts net of red reversals, a ticket whose tax is not known counting its net amount as its gross.
CREATE TABLE "ticket_month_totals" (
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"month" integer NOT NULL,
	"type" text NOT NULL,
	"verify_state" text NOT NULL,
	"reimbursed" boolean NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"net_fen" bigint DEFAULT 0 NOT NULL,
	"tax_fen" bigint DEFAULT 0 NOT NULL,
	"gross_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_month_totals_pk" PRIMARY KEY("company_id","month","type","verify_state","reimbursed")
);
--> statement-breakpoint
-- A company's seller names, each once, under a trigram index: where the keyword finds its sellers (as invoice_buyers).
CREATE TABLE "ticket_sellers" (
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"name" text NOT NULL,
	CONSTRAINT "ticket_sellers_pk" PRIMARY KEY("company_id","name")
);
--> statement-breakpoint
CREATE INDEX "ticket_sellers_name" ON "ticket_sellers" USING gin ("company_id","name" gin_trgm_ops);--> statement-breakpoint
-- A seller name arrives with the ticket (collected) or later (verified): both record it, once per statement.
CREATE FUNCTION "ticket_sellers_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "ticket_sellers" ("company_id", "name") SELECT DISTINCT "company_id", "seller_name" FROM "changed" WHERE "seller_name" <> '' ON CONFLICT DO NOTHING;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tickets_record_sellers_insert" AFTER INSERT ON "tickets" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "ticket_sellers_record"();--> statement-breakpoint
CREATE TRIGGER "tickets_record_sellers_update" AFTER UPDATE ON "tickets" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "ticket_sellers_record"();--> statement-breakpoint
-- The simulated bureau can void an invoice it issued (tests and the demo switch it).
ALTER TABLE "sim_invoices" ADD COLUMN "voided_at" timestamp with time zone;
