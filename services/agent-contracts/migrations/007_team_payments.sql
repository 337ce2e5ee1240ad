-- Deposits credited and withdrawals taken out of the spendable balance, per UTC hour, next to the bets: per member
-- (`member_hours`) and over an agent's whole team, the agent included (`team_hours`). A withdrawal counts when the
-- member's money is held for it and counts back (negative) when it is rejected and the money released, so the sums
-- are the withdrawals that left for good or are on their way out.
ALTER TABLE {{schema}}.member_hours
  ADD COLUMN deposit_count integer NOT NULL DEFAULT 0,
  ADD COLUMN deposit_minor bigint NOT NULL DEFAULT 0,
  ADD COLUMN withdrawal_count integer NOT NULL DEFAULT 0,
  ADD COLUMN withdrawal_minor bigint NOT NULL DEFAULT 0;

ALTER TABLE {{schema}}.team_hours
  ADD COLUMN deposit_count integer NOT NULL DEFAULT 0,
  ADD COLUMN deposit_minor bigint NOT NULL DEFAULT 0,
  ADD COLUMN withdrawal_count integer NOT NULL DEFAULT 0,
  ADD COLUMN withdrawal_minor bigint NOT NULL DEFAULT 0;
