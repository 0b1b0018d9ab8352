-- What a canary is judged on: each signed-in user who loaded a version while its app ran a canary, once an hour, and
-- whether they reported a failure of it then (server/src/releases/canary-loads.ts). It replaces `remote_loads`, which
-- counted every fetch of a manifest, anyone's and any number of them.
CREATE TABLE IF NOT EXISTS "canary_loads" (
  "app" text NOT NULL,
  "version" text NOT NULL,
  "hour" timestamp with time zone NOT NULL,
  "user_id" uuid NOT NULL,
  "failed" boolean DEFAULT false NOT NULL,
  CONSTRAINT "canary_loads_pk" PRIMARY KEY ("app", "version", "hour", "user_id")
);
--> statement-breakpoint
DROP TABLE IF EXISTS "remote_loads";
