-- Failures the host reports from phones: counted per remote, version, kind and hour; nothing about who.
CREATE TABLE IF NOT EXISTS "client_failures" (
  "app" text NOT NULL,
  "version" text NOT NULL,
  "kind" text NOT NULL,
  "hour" timestamp with time zone NOT NULL,
  "count" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "client_failures_pk" PRIMARY KEY ("app", "version", "kind", "hour")
);
