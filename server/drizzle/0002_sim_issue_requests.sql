CREATE TABLE "sim_issue_requests" (
	"ref" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer_by" timestamp with time zone NOT NULL
);
