CREATE TABLE "scrutiny_decisions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scrutiny_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"advertisement_quota_id" integer,
	"decision" text NOT NULL,
	"reason_code" text,
	"remark" text,
	"officer_user_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scrutiny_decisions_decision_check" CHECK ("scrutiny_decisions"."decision" in ('approve', 'hold', 'reject', 'revert')),
	CONSTRAINT "scrutiny_decisions_remark_check" CHECK (char_length("scrutiny_decisions"."remark") <= 500)
);
--> statement-breakpoint
ALTER TABLE "scrutiny_allocations" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scrutiny_decisions" ADD CONSTRAINT "scrutiny_decisions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrutiny_decisions" ADD CONSTRAINT "scrutiny_decisions_advertisement_quota_id_advertisement_quotas_id_fk" FOREIGN KEY ("advertisement_quota_id") REFERENCES "public"."advertisement_quotas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrutiny_decisions" ADD CONSTRAINT "scrutiny_decisions_officer_user_id_users_id_fk" FOREIGN KEY ("officer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scrutiny_decisions_application_idx" ON "scrutiny_decisions" USING btree ("application_id","id");