-- invoice/list's keyword through exact indexes instead of a trigram search over every invoice (docs/architecture.md,
-- "Lists that stay flat"). A trigram search found every invoice of a matching buyer and read each one from the table
-- (about 500 rows for one buyer among 500,000 invoices), and the trigrams that all of a company's numbers share made
-- it read long posting lists. Now a keyword finds its buyer names in `invoice_buyers` (a row per company and buyer
-- name: small, under a trigram index), then each name's invoices from an index in the list's order that answers the
-- list's filters by itself (an index-only scan of at most the list limit per name); a keyword of digits also finds
-- the invoices whose number ends with it, on an index of the reversed number.
CREATE TABLE "invoice_buyers" (
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"name" text NOT NULL,
	CONSTRAINT "invoice_buyers_pk" PRIMARY KEY("company_id","name")
);
--> statement-breakpoint
CREATE INDEX "invoice_buyers_name" ON "invoice_buyers" USING gin ("company_id","name" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_name" text GENERATED ALWAYS AS (coalesce(buyer ->> 'name', '')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_company_buyer_listed" ON "invoices" USING btree ("company_id","buyer_name","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("kind","status");--> statement-breakpoint
CREATE INDEX "invoices_company_number_tail" ON "invoices" USING btree ("company_id",reverse("number") text_pattern_ops);--> statement-breakpoint
INSERT INTO "invoice_buyers" ("company_id", "name") SELECT DISTINCT "company_id", "buyer_name" FROM "invoices";--> statement-breakpoint
-- Every way an invoice is written (the server's issuing, seeds, imports) records its buyer: a trigger, not each caller.
-- Once per statement, with the statement's new rows, so a bulk insert adds each name once.
CREATE FUNCTION "invoice_buyers_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "invoice_buyers" ("company_id", "name") SELECT DISTINCT "company_id", "buyer_name" FROM "inserted" ON CONFLICT DO NOTHING;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_record_buyers" AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_buyers_record"();--> statement-breakpoint
DROP INDEX "invoices_company_search";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "search_text";
