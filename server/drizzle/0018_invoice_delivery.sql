-- Invoices are really sent (server/src/delivery/): each delivery carries its company, its state (pending → sending →
-- sent, or failed with the reason), its attempts, its task, and whether a later one on its channel replaced it. Rows
-- from before were recorded as sent when written; the phone channel is now called sms. The built-in outbox keeps what would have been sent without SMTP_URL.
ALTER TABLE "invoice_deliveries" ADD COLUMN "company_id" uuid;--> statement-breakpoint
UPDATE "invoice_deliveries" SET "company_id" = "invoices"."company_id" FROM "invoices" WHERE "invoices"."id" = "invoice_deliveries"."invoice_id";--> statement-breakpoint
ALTER TABLE "invoice_deliveries" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_deliveries" ADD CONSTRAINT "invoice_deliveries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "invoice_deliveries" SET "channel" = 'sms' WHERE "channel" = 'phone';--> statement-breakpoint
ALTER TABLE "invoice_deliveries" ADD COLUMN "state" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_deliveries" ALTER COLUMN "state" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "invoice_deliveries" ADD COLUMN "fail_reason" text;--> statement-breakpoint
ALTER TABLE "invoice_deliveries" ADD COLUMN "attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_deliveries" ALTER COLUMN "attempts" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "invoice_deliveries" ADD COLUMN "task_id" uuid;--> statement-breakpoint
ALTER TABLE "invoice_deliveries" ADD COLUMN "requested_by" uuid;--> statement-breakpoint
ALTER TABLE "invoice_deliveries" ADD COLUMN "superseded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "invoice_deliveries" SET "superseded" = true WHERE EXISTS (SELECT 1 FROM "invoice_deliveries" "later" WHERE "later"."invoice_id" = "invoice_deliveries"."invoice_id" AND "later"."channel" = "invoice_deliveries"."channel" AND "later"."id" > "invoice_deliveries"."id");--> statement-breakpoint
ALTER TABLE "invoice_deliveries" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_deliveries" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_deliveries" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "invoice_deliveries" SET "created_at" = "sent_at", "updated_at" = "sent_at";--> statement-breakpoint
ALTER TABLE "invoice_deliveries" ALTER COLUMN "sent_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "invoice_deliveries" ALTER COLUMN "sent_at" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "invoice_deliveries_invoice" ON "invoice_deliveries" USING btree ("invoice_id","channel","id");--> statement-breakpoint
CREATE INDEX "invoice_deliveries_company_failed" ON "invoice_deliveries" USING btree ("company_id") WHERE "invoice_deliveries"."state" = 'failed' and not "invoice_deliveries"."superseded";--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"channel" text NOT NULL,
	"sender" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"message_id" text,
	"attachment_name" text,
	"attachment" bytea,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_messages_delivery_id_unique" UNIQUE("delivery_id")
);--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_delivery_id_invoice_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."invoice_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- task/getMyTasks lists the tasks clients follow: not the server's own deliveries.
CREATE INDEX "tasks_company_listed" ON "tasks" USING btree ("company_id","created_at" DESC NULLS FIRST) WHERE "tasks"."type" <> 'deliver_invoice';
