-- Which transaction last wrote each member-hour, so that a reader holding the member-hours in memory (the member
-- profit report's columns) can take in exactly what changed since its last read: the rows whose writer its earlier
-- snapshot did not see. Rows written before this column existed read as transaction 0, which every snapshot sees.
ALTER TABLE {{schema}}.member_hours ADD COLUMN changed_by xid8 NOT NULL DEFAULT '0';
ALTER TABLE {{schema}}.member_hours ALTER COLUMN changed_by SET DEFAULT pg_current_xact_id();
CREATE INDEX member_hours_changes ON {{schema}}.member_hours (changed_by);
