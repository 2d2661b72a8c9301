-- An advertisement's and a quota line's counts of live applications (db/src/schema/summaries.ts)
-- spread over 16 rows each, an application counting in the row of its id modulo 16: with one row,
-- every submit to an advertisement in its last days waited for the one before it to commit.
-- New applications and claims are counted once per statement rather than once per row: the submit
-- writes an application and its claims in one statement (a batch of submits at a time), where the
-- row triggers counted each claim twice (once with its application, once as a claim), and took
-- the counter rows in the batch's order, so two batches could wait on each other in a cycle. A
-- statement's counts go in key order instead. The counts are taken again from the applications.
ALTER TABLE "advertisement_application_counts" DROP CONSTRAINT "advertisement_application_counts_pkey";--> statement-breakpoint
ALTER TABLE "quota_application_counts" DROP CONSTRAINT "quota_application_counts_pkey";--> statement-breakpoint
DELETE FROM "advertisement_application_counts";--> statement-breakpoint
DELETE FROM "quota_application_counts";--> statement-breakpoint
ALTER TABLE "advertisement_application_counts" ADD COLUMN "slot" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "quota_application_counts" ADD COLUMN "slot" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "advertisement_application_counts" ADD CONSTRAINT "advertisement_application_counts_advertisement_id_slot_pk" PRIMARY KEY("advertisement_id","slot");--> statement-breakpoint
ALTER TABLE "quota_application_counts" ADD CONSTRAINT "quota_application_counts_advertisement_quota_id_slot_pk" PRIMARY KEY("advertisement_quota_id","slot");--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_live_application(p_user_id integer, p_advertisement_id integer, p_application_id integer, delta integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO candidate_application_counts AS c (user_id, applications, district_id)
    VALUES (p_user_id, delta, (SELECT district_id FROM candidate_addresses WHERE user_id = p_user_id AND kind = 'permanent'))
    ON CONFLICT (user_id) DO UPDATE SET applications = c.applications + excluded.applications;
  INSERT INTO advertisement_application_counts AS c (advertisement_id, slot, applications) VALUES (p_advertisement_id, p_application_id % 16, delta)
    ON CONFLICT (advertisement_id, slot) DO UPDATE SET applications = c.applications + excluded.applications;
  -- In the quota lines' order, so that two transactions lock the counters in the same order.
  INSERT INTO quota_application_counts AS c (advertisement_quota_id, slot, applications)
    SELECT advertisement_quota_id, p_application_id % 16, delta FROM application_quotas WHERE application_id = p_application_id ORDER BY advertisement_quota_id
    ON CONFLICT (advertisement_quota_id, slot) DO UPDATE SET applications = c.applications + excluded.applications;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION application_quotas_count_live() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND EXISTS (SELECT 1 FROM applications WHERE id = OLD.application_id AND deleted_at IS NULL) THEN
    UPDATE quota_application_counts SET applications = applications - 1
      WHERE advertisement_quota_id = OLD.advertisement_quota_id AND slot = OLD.application_id % 16;
  END IF;
  IF TG_OP <> 'DELETE' AND EXISTS (SELECT 1 FROM applications WHERE id = NEW.application_id AND deleted_at IS NULL) THEN
    INSERT INTO quota_application_counts AS c (advertisement_quota_id, slot, applications) VALUES (NEW.advertisement_quota_id, NEW.application_id % 16, 1)
      ON CONFLICT (advertisement_quota_id, slot) DO UPDATE SET applications = c.applications + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- New applications: the applicants' and the advertisements' counters, in key order. Their claims
-- are written after them (in the same statement or later) and counted by the claims' trigger.
CREATE FUNCTION applications_count_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO candidate_application_counts AS c (user_id, applications, district_id)
    SELECT i.user_id, count(*), (SELECT district_id FROM candidate_addresses WHERE user_id = i.user_id AND kind = 'permanent')
    FROM inserted i WHERE i.deleted_at IS NULL GROUP BY i.user_id ORDER BY i.user_id
    ON CONFLICT (user_id) DO UPDATE SET applications = c.applications + excluded.applications;
  INSERT INTO advertisement_application_counts AS c (advertisement_id, slot, applications)
    SELECT advertisement_id, id % 16, count(*) FROM inserted WHERE deleted_at IS NULL GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (advertisement_id, slot) DO UPDATE SET applications = c.applications + excluded.applications;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER applications_count_live_insert ON applications;
--> statement-breakpoint
CREATE TRIGGER applications_count_inserted AFTER INSERT ON applications REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION applications_count_inserted();
--> statement-breakpoint
-- New claims of live applications, in key order.
CREATE FUNCTION application_quotas_count_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO quota_application_counts AS c (advertisement_quota_id, slot, applications)
    SELECT x.advertisement_quota_id, x.application_id % 16, count(*)
    FROM inserted x JOIN applications a ON a.id = x.application_id AND a.deleted_at IS NULL
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (advertisement_quota_id, slot) DO UPDATE SET applications = c.applications + excluded.applications;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER application_quotas_count_live ON application_quotas;
--> statement-breakpoint
CREATE TRIGGER application_quotas_count_live AFTER DELETE OR UPDATE OF application_id, advertisement_quota_id ON application_quotas FOR EACH ROW EXECUTE FUNCTION application_quotas_count_live();
--> statement-breakpoint
CREATE TRIGGER application_quotas_count_inserted AFTER INSERT ON application_quotas REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION application_quotas_count_inserted();
--> statement-breakpoint
INSERT INTO advertisement_application_counts (advertisement_id, slot, applications)
  SELECT advertisement_id, id % 16, count(*) FROM applications WHERE deleted_at IS NULL GROUP BY advertisement_id, id % 16;
--> statement-breakpoint
INSERT INTO quota_application_counts (advertisement_quota_id, slot, applications)
  SELECT x.advertisement_quota_id, a.id % 16, count(*) FROM application_quotas x JOIN applications a ON a.id = x.application_id WHERE a.deleted_at IS NULL GROUP BY x.advertisement_quota_id, a.id % 16;
