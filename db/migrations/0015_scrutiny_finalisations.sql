CREATE TABLE "scrutiny_finalisation_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scrutiny_finalisation_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"advertisement_id" integer NOT NULL,
	"action" text NOT NULL,
	"remark" text,
	"actor_user_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scrutiny_finalisation_events_action_check" CHECK ("scrutiny_finalisation_events"."action" in ('finalise', 'reopen')),
	CONSTRAINT "scrutiny_finalisation_events_remark_check" CHECK (char_length("scrutiny_finalisation_events"."remark") <= 500)
);
--> statement-breakpoint
CREATE TABLE "scrutiny_finalisations" (
	"advertisement_id" integer PRIMARY KEY NOT NULL,
	"finalised_by" integer NOT NULL,
	"finalised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reopened_by" integer,
	"reopened_at" timestamp with time zone,
	"reopen_remark" text
);
--> statement-breakpoint
ALTER TABLE "scrutiny_finalisation_events" ADD CONSTRAINT "scrutiny_finalisation_events_advertisement_id_advertisements_id_fk" FOREIGN KEY ("advertisement_id") REFERENCES "public"."advertisements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrutiny_finalisation_events" ADD CONSTRAINT "scrutiny_finalisation_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrutiny_finalisations" ADD CONSTRAINT "scrutiny_finalisations_advertisement_id_advertisements_id_fk" FOREIGN KEY ("advertisement_id") REFERENCES "public"."advertisements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrutiny_finalisations" ADD CONSTRAINT "scrutiny_finalisations_finalised_by_users_id_fk" FOREIGN KEY ("finalised_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrutiny_finalisations" ADD CONSTRAINT "scrutiny_finalisations_reopened_by_users_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scrutiny_finalisation_events_advertisement_idx" ON "scrutiny_finalisation_events" USING btree ("advertisement_id","id");--> statement-breakpoint
CREATE INDEX "applications_advertisement_centre_idx" ON "applications" USING btree ("advertisement_id","exam_centre_id","id");