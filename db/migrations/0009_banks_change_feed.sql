-- Banks are master data: the workstation's cache syncs them from the change feed of
-- 0004, like every other master table.
CREATE TRIGGER banks_change_feed AFTER INSERT OR UPDATE OR DELETE ON banks FOR EACH ROW EXECUTE FUNCTION record_master_data_change();
