CREATE TABLE "roll_number_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "roll_number_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"advertisement_id" integer NOT NULL,
	"action" text NOT NULL,
	"roll_from" bigint NOT NULL,
	"roll_to" bigint NOT NULL,
	"assigned_count" integer NOT NULL,
	"actor_user_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roll_number_runs_action_check" CHECK ("roll_number_runs"."action" in ('generate', 'regenerate', 'assign-late')),
	CONSTRAINT "roll_number_runs_count_check" CHECK ("roll_number_runs"."assigned_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "roll_number_series" (
	"advertisement_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"fiscal_year" text NOT NULL,
	"roll_from" bigint NOT NULL,
	"roll_to" bigint NOT NULL,
	"generated_by" integer NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"admit_cards_issued_at" timestamp with time zone,
	CONSTRAINT "roll_number_series_order_check" CHECK ("roll_number_series"."roll_to" > "roll_number_series"."roll_from")
);
--> statement-breakpoint
CREATE TABLE "roll_numbers" (
	"application_id" integer PRIMARY KEY NOT NULL,
	"advertisement_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"fiscal_year" text NOT NULL,
	"roll_number" bigint NOT NULL,
	"exam_centre_id" integer NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roll_number_runs" ADD CONSTRAINT "roll_number_runs_advertisement_id_advertisements_id_fk" FOREIGN KEY ("advertisement_id") REFERENCES "public"."advertisements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_number_runs" ADD CONSTRAINT "roll_number_runs_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_number_series" ADD CONSTRAINT "roll_number_series_advertisement_id_advertisements_id_fk" FOREIGN KEY ("advertisement_id") REFERENCES "public"."advertisements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_number_series" ADD CONSTRAINT "roll_number_series_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_number_series" ADD CONSTRAINT "roll_number_series_generated_by_users_id_fk" FOREIGN KEY ("generated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_numbers" ADD CONSTRAINT "roll_numbers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roll_number_runs_advertisement_idx" ON "roll_number_runs" USING btree ("advertisement_id","id");--> statement-breakpoint
CREATE INDEX "roll_number_series_space_idx" ON "roll_number_series" USING btree ("organization_id","fiscal_year","roll_from");--> statement-breakpoint
CREATE UNIQUE INDEX "roll_numbers_space_idx" ON "roll_numbers" USING btree ("organization_id","fiscal_year","roll_number");--> statement-breakpoint
CREATE INDEX "roll_numbers_advertisement_idx" ON "roll_numbers" USING btree ("advertisement_id","roll_number");