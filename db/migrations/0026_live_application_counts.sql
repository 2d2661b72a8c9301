CREATE TABLE "advertisement_application_counts" (
	"advertisement_id" integer PRIMARY KEY NOT NULL,
	"applications" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candidate_application_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"applications" integer NOT NULL,
	"district_id" smallint
);
--> statement-breakpoint
CREATE TABLE "quota_application_counts" (
	"advertisement_quota_id" integer PRIMARY KEY NOT NULL,
	"applications" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advertisement_application_counts" ADD CONSTRAINT "advertisement_application_counts_advertisement_id_advertisements_id_fk" FOREIGN KEY ("advertisement_id") REFERENCES "public"."advertisements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_application_counts" ADD CONSTRAINT "candidate_application_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_application_counts" ADD CONSTRAINT "candidate_application_counts_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_application_counts" ADD CONSTRAINT "quota_application_counts_advertisement_quota_id_advertisement_quotas_id_fk" FOREIGN KEY ("advertisement_quota_id") REFERENCES "public"."advertisement_quotas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidate_application_counts_district_idx" ON "candidate_application_counts" USING btree ("district_id","applications");--> statement-breakpoint
CREATE INDEX "users_active_candidates_idx" ON "users" USING btree ("id") WHERE "users"."kind" = 'candidate' and "users"."deactivated_at" is null;--> statement-breakpoint
-- The counts of live applications (db/src/schema/summaries.ts), kept in the transaction that
-- changes an application or a quota claim. Adds delta to the applicant's and the advertisement's
-- counters and, with claims, to the counter of each quota line the application claims.
CREATE FUNCTION count_live_application(p_user_id integer, p_advertisement_id integer, p_application_id integer, delta integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO candidate_application_counts AS c (user_id, applications, district_id)
    VALUES (p_user_id, delta, (SELECT district_id FROM candidate_addresses WHERE user_id = p_user_id AND kind = 'permanent'))
    ON CONFLICT (user_id) DO UPDATE SET applications = c.applications + excluded.applications;
  INSERT INTO advertisement_application_counts AS c (advertisement_id, applications) VALUES (p_advertisement_id, delta)
    ON CONFLICT (advertisement_id) DO UPDATE SET applications = c.applications + excluded.applications;
  -- In the quota lines' order, so that two transactions lock the counters in the same order.
  INSERT INTO quota_application_counts AS c (advertisement_quota_id, applications)
    SELECT advertisement_quota_id, delta FROM application_quotas WHERE application_id = p_application_id ORDER BY advertisement_quota_id
    ON CONFLICT (advertisement_quota_id) DO UPDATE SET applications = c.applications + excluded.applications;
END
$$;
--> statement-breakpoint
-- An application that stops being live (deleted, or moved to another applicant or advertisement)
-- is taken off what it counted in; one that becomes live is added. A deletion is counted BEFORE
-- the row goes, while its quota claims are still there (the cascade removes them after).
CREATE FUNCTION applications_count_live() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL THEN
    PERFORM count_live_application(OLD.user_id, OLD.advertisement_id, OLD.id, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL THEN
    PERFORM count_live_application(NEW.user_id, NEW.advertisement_id, NEW.id, 1);
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER applications_count_live_insert AFTER INSERT ON applications FOR EACH ROW WHEN (NEW.deleted_at IS NULL) EXECUTE FUNCTION applications_count_live();
--> statement-breakpoint
CREATE TRIGGER applications_count_live_update AFTER UPDATE OF deleted_at, user_id, advertisement_id ON applications FOR EACH ROW
  WHEN ((OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL) OR (NEW.deleted_at IS NULL AND (OLD.user_id <> NEW.user_id OR OLD.advertisement_id <> NEW.advertisement_id)))
  EXECUTE FUNCTION applications_count_live();
--> statement-breakpoint
CREATE TRIGGER applications_count_live_delete BEFORE DELETE ON applications FOR EACH ROW WHEN (OLD.deleted_at IS NULL) EXECUTE FUNCTION applications_count_live();
--> statement-breakpoint
-- A quota claim counts while its application is live. A claim removed with its application (the
-- cascade) finds no application: the application's own trigger took it off already.
CREATE FUNCTION application_quotas_count_live() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND EXISTS (SELECT 1 FROM applications WHERE id = OLD.application_id AND deleted_at IS NULL) THEN
    UPDATE quota_application_counts SET applications = applications - 1 WHERE advertisement_quota_id = OLD.advertisement_quota_id;
  END IF;
  IF TG_OP <> 'DELETE' AND EXISTS (SELECT 1 FROM applications WHERE id = NEW.application_id AND deleted_at IS NULL) THEN
    INSERT INTO quota_application_counts AS c (advertisement_quota_id, applications) VALUES (NEW.advertisement_quota_id, 1)
      ON CONFLICT (advertisement_quota_id) DO UPDATE SET applications = c.applications + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER application_quotas_count_live AFTER INSERT OR DELETE OR UPDATE OF application_id, advertisement_quota_id ON application_quotas FOR EACH ROW EXECUTE FUNCTION application_quotas_count_live();
--> statement-breakpoint
-- The district of the permanent address goes with the candidate's counter.
CREATE FUNCTION candidate_addresses_count_place() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE candidate_application_counts SET district_id = NULL WHERE user_id = OLD.user_id;
  ELSE
    INSERT INTO candidate_application_counts AS c (user_id, applications, district_id) VALUES (NEW.user_id, 0, NEW.district_id)
      ON CONFLICT (user_id) DO UPDATE SET district_id = excluded.district_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER candidate_addresses_count_place AFTER INSERT OR UPDATE OF district_id ON candidate_addresses FOR EACH ROW WHEN (NEW.kind = 'permanent') EXECUTE FUNCTION candidate_addresses_count_place();
--> statement-breakpoint
CREATE TRIGGER candidate_addresses_count_place_delete AFTER DELETE ON candidate_addresses FOR EACH ROW WHEN (OLD.kind = 'permanent') EXECUTE FUNCTION candidate_addresses_count_place();
--> statement-breakpoint
-- What is there already.
INSERT INTO candidate_application_counts (user_id, applications, district_id)
  SELECT coalesce(n.user_id, ca.user_id), coalesce(n.applications, 0), ca.district_id
  FROM (SELECT user_id, count(*)::int AS applications FROM applications WHERE deleted_at IS NULL GROUP BY user_id) n
  FULL JOIN (SELECT user_id, district_id FROM candidate_addresses WHERE kind = 'permanent') ca ON ca.user_id = n.user_id;
--> statement-breakpoint
INSERT INTO advertisement_application_counts (advertisement_id, applications) SELECT advertisement_id, count(*) FROM applications WHERE deleted_at IS NULL GROUP BY advertisement_id;
--> statement-breakpoint
INSERT INTO quota_application_counts (advertisement_quota_id, applications)
  SELECT x.advertisement_quota_id, count(*) FROM application_quotas x JOIN applications a ON a.id = x.application_id WHERE a.deleted_at IS NULL GROUP BY x.advertisement_quota_id;
