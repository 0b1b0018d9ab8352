-- A person's copy of their data is e-mailed by an export task, as the exports are, and that copy belongs to no
-- company: only an export task may have none. An export's latest e-mail has a state of its own (发送中, 已发送, 发送失败).
ALTER TABLE "tasks" ALTER COLUMN "company_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_company_or_export" CHECK ("tasks"."company_id" is not null or "tasks"."type" = 'export_file');--> statement-breakpoint
ALTER TABLE "export_files" ADD COLUMN "mail_state" text;--> statement-breakpoint
UPDATE "export_files" SET "mail_state" = CASE
  WHEN "state" = '生成中' THEN '发送中'
  WHEN "state" = '生成失败' THEN NULL
  WHEN "fail_reason" LIKE '发送到 %' THEN '发送失败'
  ELSE '已发送' END
WHERE "emailed_to" IS NOT NULL;
