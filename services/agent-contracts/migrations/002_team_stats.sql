-- Team reports. Every settled bet as last seen (the highest revision the wallet published), and its sums per UTC hour:
-- per member (the member's own bets) and per agent (the bets of the agent's whole team, the agent included: every
-- member whose path contains the agent). Reports read the hourly sums; the bets are kept for the betting record.
CREATE TABLE {{schema}}.team_bets (
  bet_id text PRIMARY KEY,
  member_id bigint NOT NULL,
  merchant_code text NOT NULL,
  currency text NOT NULL,
  vendor text NOT NULL,
  game_type text NOT NULL,
  game_code text,
  round_id text NOT NULL,
  bet_minor bigint NOT NULL,
  valid_bet_minor bigint NOT NULL,
  -- the win plus the vendor's adjustments
  win_minor bigint NOT NULL,
  -- the member's result: win + adjust - bet; 0 when cancelled
  profit_minor bigint NOT NULL,
  state text NOT NULL CHECK (state IN ('settled', 'cancelled')),
  revision integer NOT NULL,
  settled_at timestamptz NOT NULL
);
CREATE INDEX team_bets_by_member ON {{schema}}.team_bets (member_id, settled_at DESC);
CREATE INDEX team_bets_by_merchant ON {{schema}}.team_bets (merchant_code, settled_at);

-- One member's own bets per hour (`hour` is the start of a UTC hour). Cancelled bets count nowhere.
CREATE TABLE {{schema}}.member_hours (
  member_id bigint NOT NULL,
  hour timestamptz NOT NULL,
  merchant_code text NOT NULL,
  currency text NOT NULL,
  bet_count integer NOT NULL,
  valid_bet_minor bigint NOT NULL,
  profit_minor bigint NOT NULL,
  PRIMARY KEY (member_id, hour)
);

-- The same sums over an agent's whole team, the agent's own bets included. Team net loss = -sum(profit_minor).
CREATE TABLE {{schema}}.team_hours (
  agent_id bigint NOT NULL,
  hour timestamptz NOT NULL,
  merchant_code text NOT NULL,
  currency text NOT NULL,
  bet_count integer NOT NULL,
  valid_bet_minor bigint NOT NULL,
  profit_minor bigint NOT NULL,
  PRIMARY KEY (agent_id, hour)
);

-- Team management lists an agent's direct downline.
CREATE INDEX agent_tree_by_upline ON {{schema}}.agent_tree (upline_id, account);
