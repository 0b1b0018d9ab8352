-- Taxi trips: a company's trips with their plate as recorded, share code, passenger, the title the
-- passenger asked for and the live invoice; the state is stored and moved on every transition, so each filter of
-- taxiTrip/queryTrips and taxiTrip/getMyTrips has an index in the lists' order (docs/architecture.md, "Lists that stay
-- flat"). Trips are summed by company, car and China day of their start in the same transaction that records them
-- (car null: all the company's cars), so the totals of a filter read a row a day. The taxi invoices and the trips each
-- covered are kept for taxiInvoice/list, also after a failure or a full reversal gave the trips back.
CREATE TABLE "taxi_trips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"car_id" uuid REFERENCES "cars"("id") ON DELETE set null,
	"license_plate_number" text NOT NULL,
	"created_by" uuid NOT NULL REFERENCES "users"("id"),
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"from_place" text NOT NULL,
	"to_place" text NOT NULL,
	"distance_metres" integer NOT NULL,
	"fare_fen" integer NOT NULL,
	"state" text DEFAULT '未分享' NOT NULL,
	"share_code" text,
	"receiver_id" uuid REFERENCES "users"("id"),
	"received_at" timestamp with time zone,
	"invoice_buyer" jsonb,
	"deliver_phone" text DEFAULT '' NOT NULL,
	"deliver_email" text DEFAULT '' NOT NULL,
	"invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taxi_trips_share_code_unique" UNIQUE("share_code")
);
--> statement-breakpoint
CREATE INDEX "taxi_trips_company_start" ON "taxi_trips" USING btree ("company_id","start_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "taxi_trips_company_state_start" ON "taxi_trips" USING btree ("company_id","state","start_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "taxi_trips_car_start" ON "taxi_trips" USING btree ("car_id","start_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "taxi_trips_car_state_start" ON "taxi_trips" USING btree ("car_id","state","start_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "taxi_trips_receiver_start" ON "taxi_trips" USING btree ("receiver_id","start_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "taxi_trips_receiver_state_start" ON "taxi_trips" USING btree ("receiver_id","state","start_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "taxi_trips_invoice" ON "taxi_trips" USING btree ("invoice_id");--> statement-breakpoint
CREATE TABLE "taxi_trip_day_totals" (
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"car_id" uuid,
	"day" integer NOT NULL,
	"trips" integer DEFAULT 0 NOT NULL,
	"fare_fen" bigint DEFAULT 0 NOT NULL,
	"distance_metres" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "taxi_trip_day_totals_key" UNIQUE NULLS NOT DISTINCT("company_id","car_id","day")
);
--> statement-breakpoint
CREATE TABLE "taxi_invoices" (
	"invoice_id" uuid PRIMARY KEY NOT NULL REFERENCES "invoices"("id") ON DELETE cascade,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "taxi_invoices_company" ON "taxi_invoices" USING btree ("company_id","created_at" DESC NULLS FIRST,"invoice_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE TABLE "taxi_invoice_trips" (
	"invoice_id" uuid NOT NULL REFERENCES "taxi_invoices"("invoice_id") ON DELETE cascade,
	"trip_id" uuid NOT NULL REFERENCES "taxi_trips"("id") ON DELETE cascade,
	CONSTRAINT "taxi_invoice_trips_invoice_id_trip_id_pk" PRIMARY KEY("invoice_id","trip_id")
);
--> statement-breakpoint
CREATE INDEX "taxi_invoice_trips_trip" ON "taxi_invoice_trips" USING btree ("trip_id");
