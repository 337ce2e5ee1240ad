-- Each member's last UTC hour with a valid bet (its latest `member_hours` row with valid_bet_minor > 0), kept on its
-- tree row with the hourly sums. A team's active members over a range that reaches the present are then the team's
-- members whose last active hour is in the range: counted in the same pass over the team's rows as its size, instead
-- of reading each member-hour of the range.
-- The column is in no index and pages keep a tenth free, so that most of its updates stay on their page (HOT).
ALTER TABLE {{schema}}.agent_tree ADD COLUMN last_active_hour timestamptz;
ALTER TABLE {{schema}}.agent_tree SET (fillfactor = 90);

UPDATE {{schema}}.agent_tree t SET last_active_hour = h.hour
  FROM (SELECT member_id, max(hour) AS hour FROM {{schema}}.member_hours WHERE valid_bet_minor > 0 GROUP BY member_id) h
 WHERE h.member_id = t.member_id;
