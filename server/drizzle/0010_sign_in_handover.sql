-- The sign-in handover (server/src/auth/sign-in-codes.ts): a sign-in returns to the app with a one-time code, never
-- with the session token, and only the browser that started the sign-in can exchange the code, with the verifier
-- whose SHA-256 (the challenge) it sent to /api/auth/authorize. A pending OAuth sign-in keeps that challenge; a state
-- an older server stored has none and its callback is refused (the user signs in again).
ALTER TABLE "oauth_states" ADD COLUMN "challenge" text;--> statement-breakpoint
CREATE TABLE "sign_in_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"challenge" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_codes_expires" ON "sign_in_codes" USING btree ("expires_at");
