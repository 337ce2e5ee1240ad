-- A reward's name in every language: what kind of title it is and the facts in it, written in the reader's language
-- each time it is read. `title` keeps the Spanish text for the record, and is the name of grants without a kind
-- (red envelopes and other titles an operator wrote).
ALTER TABLE {{schema}}.reward_grants
  ADD COLUMN title_kind text CHECK (title_kind IN ('vip_upgrade', 'vip_monthly', 'vip_birthday', 'rebate', 'leaderboard', 'mission')),
  ADD COLUMN title_params jsonb NOT NULL DEFAULT '{}'::jsonb;
