-- An alert's content changed after it was added (a photo added, or hidden by a moderator):
-- open maps replace it, and caches that hold it forget it.
ALTER TABLE alert_events DROP CONSTRAINT alert_events_kind_check;
ALTER TABLE alert_events ADD CONSTRAINT alert_events_kind_check CHECK (kind IN ('added', 'removed', 'changed'));
