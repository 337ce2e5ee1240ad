-- The currency of each member's wallet, as announced at registration: an agent reads a team member's account record in
-- it. Members placed before the tree kept it take the currency of their own latest settled bet; the few left without
-- one (no bet yet) are read in the asking agent's currency, which is the brand's.
ALTER TABLE {{schema}}.agent_tree ADD COLUMN currency text;
UPDATE {{schema}}.agent_tree AS t
   SET currency = (SELECT b.currency FROM {{schema}}.team_bets AS b WHERE b.member_id = t.member_id ORDER BY b.settled_at DESC LIMIT 1)
 WHERE t.currency IS NULL;
