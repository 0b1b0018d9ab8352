CREATE SEQUENCE "public"."sim_invoice_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "invoice_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"source" text NOT NULL,
	"source_name" text DEFAULT '' NOT NULL,
	"buyer" jsonb NOT NULL,
	"goods_id" uuid,
	"goods_name" text NOT NULL,
	"gross_fen" bigint NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"deliver_phone" text DEFAULT '' NOT NULL,
	"deliver_email" text DEFAULT '' NOT NULL,
	"status" text DEFAULT '待审核' NOT NULL,
	"reject_reason" text,
	"invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"invoice_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"goods_name" text NOT NULL,
	"tax_short_name" text NOT NULL,
	"tax_code" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"quantity" text,
	"unit_price" text,
	"net_fen" bigint NOT NULL,
	"tax_fen" bigint NOT NULL,
	"gross_fen" bigint NOT NULL,
	"rate_permille" integer,
	"tax_free" text,
	CONSTRAINT "invoice_lines_invoice_id_line_no_pk" PRIMARY KEY("invoice_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT '开具中' NOT NULL,
	"number" text,
	"issued_at" timestamp with time zone,
	"buyer" jsonb NOT NULL,
	"seller" jsonb NOT NULL,
	"net_fen" bigint NOT NULL,
	"tax_fen" bigint NOT NULL,
	"gross_fen" bigint NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"issuer" text DEFAULT '' NOT NULL,
	"deliver_phone" text DEFAULT '' NOT NULL,
	"deliver_email" text DEFAULT '' NOT NULL,
	"fail_reason" text,
	"task_id" uuid,
	"original_id" uuid,
	"red_reason" text,
	"red_confirmation" jsonb,
	"application_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "sim_invoices" (
	"ref" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"state" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_invoices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "invoice_applications" ADD CONSTRAINT "invoice_applications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_applications" ADD CONSTRAINT "invoice_applications_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_applications" ADD CONSTRAINT "invoice_applications_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_deliveries" ADD CONSTRAINT "invoice_deliveries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_applications_company" ON "invoice_applications" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "invoice_applications_applicant" ON "invoice_applications" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "invoices_company_created" ON "invoices" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_original" ON "invoices" USING btree ("original_id");--> statement-breakpoint
CREATE INDEX "invoices_task" ON "invoices" USING btree ("task_id");