-- Before the index: of several open online sessions of one charge, all but the newest end as expired.
UPDATE "payments" SET "status" = 'expired', "remarks" = 'a newer session of the same charge was open', "updated_at" = now()
WHERE "method" = 'online' AND "status" = 'initiated'
  AND "id" NOT IN (SELECT max("id") FROM "payments" WHERE "method" = 'online' AND "status" = 'initiated' GROUP BY "charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_open_session_idx" ON "payments" USING btree ("charge_id") WHERE "payments"."method" = 'online' and "payments"."status" = 'initiated';
