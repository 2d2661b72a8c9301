CREATE TABLE "admit_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"advertisement_id" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "admit_cards_application_key" UNIQUE("application_id"),
	CONSTRAINT "admit_cards_id_check" CHECK (char_length("admit_cards"."id") between 20 and 64)
);
--> statement-breakpoint
ALTER TABLE "admit_cards" ADD CONSTRAINT "admit_cards_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admit_cards" ADD CONSTRAINT "admit_cards_advertisement_id_advertisements_id_fk" FOREIGN KEY ("advertisement_id") REFERENCES "public"."advertisements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admit_cards_advertisement_idx" ON "admit_cards" USING btree ("advertisement_id");