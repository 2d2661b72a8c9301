CREATE TABLE "dashboard_counts" (
	"scope" text NOT NULL,
	"key" integer NOT NULL,
	"candidates" integer DEFAULT 0 NOT NULL,
	"applications" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"scrutinised" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_counts_scope_key_pk" PRIMARY KEY("scope","key"),
	CONSTRAINT "dashboard_counts_scope_check" CHECK ("dashboard_counts"."scope" in ('district', 'unplaced', 'advertisement', 'quota'))
);
--> statement-breakpoint
CREATE TABLE "dashboard_counts_taken" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	"took_ms" integer NOT NULL,
	CONSTRAINT "dashboard_counts_taken_one_row" CHECK ("dashboard_counts_taken"."id" = 1)
);
