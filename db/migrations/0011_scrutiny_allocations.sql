CREATE TABLE "scrutiny_allocation_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scrutiny_allocation_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"advertisement_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_officer_user_id" integer,
	"to_officer_user_id" integer NOT NULL,
	"application_count" integer NOT NULL,
	"actor_user_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scrutiny_allocation_events_count_check" CHECK ("scrutiny_allocation_events"."application_count" >= 0),
	CONSTRAINT "scrutiny_allocation_events_action_check" CHECK ("scrutiny_allocation_events"."action" in ('allocate', 'reallocate', 'switch'))
);
--> statement-breakpoint
CREATE TABLE "scrutiny_allocations" (
	"application_id" integer PRIMARY KEY NOT NULL,
	"advertisement_id" integer NOT NULL,
	"officer_user_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"allocated_by" integer NOT NULL,
	"allocated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_changed_at" timestamp with time zone,
	CONSTRAINT "scrutiny_allocations_status_check" CHECK ("scrutiny_allocations"."status" in ('pending', 'approved', 'hold', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "scrutiny_allocation_events" ADD CONSTRAINT "scrutiny_allocation_events_advertisement_id_advertisements_id_fk" FOREIGN KEY ("advertisement_id") REFERENCES "public"."advertisements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrutiny_allocation_events" ADD CONSTRAINT "scrutiny_allocation_events_from_officer_user_id_users_id_fk" FOREIGN KEY ("from_officer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrutiny_allocation_events" ADD CONSTRAINT "scrutiny_allocation_events_to_officer_user_id_users_id_fk" FOREIGN KEY ("to_officer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrutiny_allocation_events" ADD CONSTRAINT "scrutiny_allocation_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrutiny_allocations" ADD CONSTRAINT "scrutiny_allocations_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrutiny_allocations" ADD CONSTRAINT "scrutiny_allocations_officer_user_id_users_id_fk" FOREIGN KEY ("officer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scrutiny_allocation_events_advertisement_idx" ON "scrutiny_allocation_events" USING btree ("advertisement_id","id");--> statement-breakpoint
CREATE INDEX "scrutiny_allocations_officer_idx" ON "scrutiny_allocations" USING btree ("officer_user_id","advertisement_id","status");