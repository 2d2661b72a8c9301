-- The change feed the workstation's cache syncs from (db/src/schema/master.ts
-- master_data_changes). A trigger, not application code, writes it, so every write to a master
-- table is seen, whoever makes it. Every master table has an "id" primary key.
CREATE FUNCTION record_master_data_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO master_data_changes (table_name, row_id, operation) VALUES (TG_TABLE_NAME, OLD.id::text, 'delete');
    RETURN OLD;
  END IF;
  INSERT INTO master_data_changes (table_name, row_id, operation) VALUES (TG_TABLE_NAME, NEW.id::text, lower(TG_OP));
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER provinces_change_feed AFTER INSERT OR UPDATE OR DELETE ON provinces FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER districts_change_feed AFTER INSERT OR UPDATE OR DELETE ON districts FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER local_level_types_change_feed AFTER INSERT OR UPDATE OR DELETE ON local_level_types FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER local_levels_change_feed AFTER INSERT OR UPDATE OR DELETE ON local_levels FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER religions_change_feed AFTER INSERT OR UPDATE OR DELETE ON religions FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER caste_groups_change_feed AFTER INSERT OR UPDATE OR DELETE ON caste_groups FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER castes_change_feed AFTER INSERT OR UPDATE OR DELETE ON castes FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER mother_tongues_change_feed AFTER INSERT OR UPDATE OR DELETE ON mother_tongues FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER disability_classes_change_feed AFTER INSERT OR UPDATE OR DELETE ON disability_classes FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER disability_types_change_feed AFTER INSERT OR UPDATE OR DELETE ON disability_types FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER services_change_feed AFTER INSERT OR UPDATE OR DELETE ON services FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER service_groups_change_feed AFTER INSERT OR UPDATE OR DELETE ON service_groups FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER service_subgroups_change_feed AFTER INSERT OR UPDATE OR DELETE ON service_subgroups FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER service_classes_change_feed AFTER INSERT OR UPDATE OR DELETE ON service_classes FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER posts_change_feed AFTER INSERT OR UPDATE OR DELETE ON posts FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER universities_change_feed AFTER INSERT OR UPDATE OR DELETE ON universities FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER education_levels_change_feed AFTER INSERT OR UPDATE OR DELETE ON education_levels FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER faculties_change_feed AFTER INSERT OR UPDATE OR DELETE ON faculties FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER ministries_change_feed AFTER INSERT OR UPDATE OR DELETE ON ministries FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER departments_change_feed AFTER INSERT OR UPDATE OR DELETE ON departments FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER organizations_change_feed AFTER INSERT OR UPDATE OR DELETE ON organizations FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER subjects_change_feed AFTER INSERT OR UPDATE OR DELETE ON subjects FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER clusters_change_feed AFTER INSERT OR UPDATE OR DELETE ON clusters FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER exam_centres_change_feed AFTER INSERT OR UPDATE OR DELETE ON exam_centres FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER invigilators_change_feed AFTER INSERT OR UPDATE OR DELETE ON invigilators FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER roll_number_ranges_change_feed AFTER INSERT OR UPDATE OR DELETE ON roll_number_ranges FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER advertisement_ranges_change_feed AFTER INSERT OR UPDATE OR DELETE ON advertisement_ranges FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER promotion_types_change_feed AFTER INSERT OR UPDATE OR DELETE ON promotion_types FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER decisions_change_feed AFTER INSERT OR UPDATE OR DELETE ON decisions FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER fees_change_feed AFTER INSERT OR UPDATE OR DELETE ON fees FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
--> statement-breakpoint
CREATE TRIGGER quotas_change_feed AFTER INSERT OR UPDATE OR DELETE ON quotas FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
