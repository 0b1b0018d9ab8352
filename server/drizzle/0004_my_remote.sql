CREATE TABLE "company_bind_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"code" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "company_bind_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "life_service_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"contact_name" text NOT NULL,
	"phone" text NOT NULL,
	"city" text NOT NULL,
	"kind" text NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '审核中' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"goods_id" uuid,
	"amount_fen" bigint,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sub_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
DROP INDEX "goods_company";--> statement-breakpoint
DROP INDEX "memberships_company";--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "goods_id" uuid;--> statement-breakpoint
ALTER TABLE "company_bind_codes" ADD CONSTRAINT "company_bind_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_bind_codes" ADD CONSTRAINT "company_bind_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "life_service_applications" ADD CONSTRAINT "life_service_applications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "life_service_applications" ADD CONSTRAINT "life_service_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_invitations" ADD CONSTRAINT "member_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_invitations" ADD CONSTRAINT "member_invitations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_codes" ADD CONSTRAINT "sub_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_codes" ADD CONSTRAINT "sub_codes_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_bind_codes_current" ON "company_bind_codes" USING btree ("company_id") WHERE "company_bind_codes"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "life_service_applications_company" ON "life_service_applications" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "life_service_applications_open" ON "life_service_applications" USING btree ("company_id") WHERE "life_service_applications"."state" = '审核中';--> statement-breakpoint
CREATE UNIQUE INDEX "member_invitations_company_phone" ON "member_invitations" USING btree ("company_id","phone");--> statement-breakpoint
CREATE INDEX "member_invitations_phone" ON "member_invitations" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "member_invitations_company_created" ON "member_invitations" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sub_codes_company_created" ON "sub_codes" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sub_codes_goods" ON "sub_codes" USING btree ("goods_id");--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goods_company_live" ON "goods" USING btree ("company_id","created_at" DESC NULLS FIRST,"id") WHERE "goods"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "invoice_applications_goods" ON "invoice_applications" USING btree ("goods_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_goods" ON "invoice_lines" USING btree ("goods_id");--> statement-breakpoint
CREATE INDEX "memberships_company_created" ON "memberships" USING btree ("company_id","created_at","user_id");--> statement-breakpoint
CREATE INDEX "users_phone" ON "users" USING btree ("phone");--> statement-breakpoint
-- Lines written before this migration copied their goods without naming them: link each to its company's goods of the same
-- name and code, so that goods/delete archives goods an invoice already names.
UPDATE "invoice_lines" AS l SET "goods_id" = g."id" FROM "invoices" AS i, "goods" AS g
WHERE l."invoice_id" = i."id" AND g."company_id" = i."company_id" AND g."name" = l."goods_name" AND g."tax_code" = l."tax_code";
