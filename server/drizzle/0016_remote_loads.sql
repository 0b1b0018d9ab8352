-- Loads of each remote version: its mf-manifest.json served, counted per minute by each server in batches;
-- the denominator of a version's failure rate (client_failures over remote_loads) for canaries and their auto-rollback.
CREATE TABLE IF NOT EXISTS "remote_loads" (
  "app" text NOT NULL,
  "version" text NOT NULL,
  "minute" timestamp with time zone NOT NULL,
  "count" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "remote_loads_pk" PRIMARY KEY ("app", "version", "minute")
);
