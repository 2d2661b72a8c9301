-- Invigilator posts are master data (chosen on the invigilator form): the workstation's cache
-- syncs them from the change feed of 0004, like every other master table.
CREATE TRIGGER invigilator_posts_change_feed AFTER INSERT OR UPDATE OR DELETE ON invigilator_posts FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
