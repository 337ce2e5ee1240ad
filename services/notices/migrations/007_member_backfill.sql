-- How far each catch-up from another service has come: the last id it wrote (`inbox.members`: the members the inbox
-- filled in from identity when their registration never reached it). A restart resumes from here; members registered
-- later reach the inbox through their `member.registered` events.
CREATE TABLE {{schema}}.backfills (
  name text PRIMARY KEY,
  after_id bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
