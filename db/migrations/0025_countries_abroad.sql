CREATE TABLE "countries" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_np" text NOT NULL,
	CONSTRAINT "countries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "candidate_addresses_abroad" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"country_id" smallint NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidate_addresses_abroad" ADD CONSTRAINT "candidate_addresses_abroad_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_addresses_abroad" ADD CONSTRAINT "candidate_addresses_abroad_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidate_addresses_abroad_country_idx" ON "candidate_addresses_abroad" USING btree ("country_id");