ALTER TABLE "dashboard_counts" ADD COLUMN "pending" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_counts" ADD COLUMN "approved" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_counts" ADD COLUMN "partially_approved" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_counts" ADD COLUMN "rejected" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_counts" ADD COLUMN "expired" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_counts" ADD COLUMN "verification_pending" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_counts" ADD COLUMN "unpaid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_counts" ADD COLUMN "reapplications" integer DEFAULT 0 NOT NULL;