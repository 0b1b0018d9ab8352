-- Exports (server/src/exports/): each export of the invoice list, the ticket folder or 收支, made by a task
-- (`export_file`), and its file's bytes in chunks, read back a chunk at a time by a signed link. The outbox also keeps
-- an export's e-mail (one per sending task); the server's own tasks stay out of the clients' task list.
CREATE TABLE "export_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"task_id" uuid,
	"source" text NOT NULL,
	"format" text NOT NULL,
	"range_from" text NOT NULL,
	"range_to" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT '生成中' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"file_name" text NOT NULL,
	"bytes" bigint,
	"emailed_to" text,
	"fail_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "export_files" ADD CONSTRAINT "export_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_files" ADD CONSTRAINT "export_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_files_user_created" ON "export_files" USING btree ("company_id","user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "export_files_one_running" ON "export_files" USING btree ("company_id","user_id","source") WHERE "export_files"."state" = '生成中';--> statement-breakpoint
CREATE INDEX "export_files_expires" ON "export_files" USING btree ("expires_at") WHERE "export_files"."expires_at" is not null;--> statement-breakpoint
CREATE TABLE "export_file_chunks" (
	"export_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "export_file_chunks_export_id_seq_pk" PRIMARY KEY("export_id","seq")
);--> statement-breakpoint
ALTER TABLE "export_file_chunks" ADD CONSTRAINT "export_file_chunks_export_id_export_files_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."export_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ALTER COLUMN "delivery_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "export_task_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_export_task_id_unique" UNIQUE("export_task_id");--> statement-breakpoint
DROP INDEX "tasks_company_listed";--> statement-breakpoint
CREATE INDEX "tasks_company_listed" ON "tasks" USING btree ("company_id","created_at" DESC NULLS FIRST) WHERE "tasks"."type" not in ('deliver_invoice', 'export_file');
