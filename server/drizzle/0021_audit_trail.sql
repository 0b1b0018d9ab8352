-- The audit trail (操作日志, server/src/audit/): one entry per call that changed a company's state, written in the same
-- transaction as the change. Append-only: the database itself refuses to update, delete or truncate an entry. Its
-- company is not a foreign key: a company erased with its last member's account (注销账号) leaves its entries behind.
CREATE TABLE "audit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"user_id" uuid NOT NULL,
	"role" text,
	"kind" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text,
	"summary" text NOT NULL,
	"request_id" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_entries_company_created" ON "audit_entries" USING btree ("company_id","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "audit_entries_company_user_created" ON "audit_entries" USING btree ("company_id","user_id","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "audit_entries_company_kind_created" ON "audit_entries" USING btree ("company_id","kind","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE FUNCTION "audit_entries_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit entries are append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_entries_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_entries" FOR EACH ROW EXECUTE FUNCTION "audit_entries_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "audit_entries_no_truncate" BEFORE TRUNCATE ON "audit_entries" FOR EACH STATEMENT EXECUTE FUNCTION "audit_entries_refuse_change"();
