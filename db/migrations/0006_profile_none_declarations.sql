ALTER TABLE "candidate_profiles" ADD COLUMN "declares_no_training" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "candidate_profiles" ADD COLUMN "declares_no_professional_council" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "candidate_profiles" ADD COLUMN "declares_no_experience" boolean DEFAULT false NOT NULL;