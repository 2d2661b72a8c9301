CREATE TABLE "notification_reads" (
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"message_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_reads_user_id_channel_message_id_pk" PRIMARY KEY("user_id","channel","message_id"),
	CONSTRAINT "notification_reads_channel_check" CHECK ("notification_reads"."channel" in ('mail', 'sms'))
);
--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_submitted_idx" ON "applications" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_user_idx" ON "sms_outbox" USING btree ("user_id");