-- How far each catch-up from another service has come: the last id it wrote (`member-directory`: the members the
-- wallet's directory filled in from identity when their registration never reached it). A restart resumes from here;
-- members registered later reach the directory through their `member.registered` events.
CREATE TABLE {{schema}}.backfills (
  name text PRIMARY KEY,
  after_id bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
