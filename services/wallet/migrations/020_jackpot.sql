-- Bets the progressive jackpot has seen: one contribution and one hit draw per bet, whatever revision arrives later.
CREATE TABLE {{schema}}.jackpot_bets (
  bet_id text PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id text NOT NULL,
  currency text NOT NULL,
  contribution_minor bigint NOT NULL,
  hit boolean NOT NULL,
  paid_minor bigint NOT NULL DEFAULT 0,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
