-- House live: shared-round tables (crash, baccarat, roulette, dragon tiger, cockfight), their rounds and bets.
CREATE TABLE {{schema}}.live_tables (
  table_id text PRIMARY KEY,
  game text NOT NULL CHECK (game IN ('crash', 'baccarat', 'roulette', 'dragon-tiger', 'cockfight')),
  game_code text NOT NULL,
  -- Limits in major units of the player's currency.
  min_bet text NOT NULL,
  max_bet text NOT NULL,
  betting_seconds integer NOT NULL CHECK (betting_seconds > 0),
  -- The published client seed and the hash chain the round seeds come from; chain_start is secret.
  client_seed text NOT NULL,
  chain_start text NOT NULL,
  chain_head text NOT NULL,
  chain_length integer NOT NULL,
  -- The round number the chain's first link serves; a new chain starts when one runs out.
  chain_first_round integer NOT NULL DEFAULT 1,
  next_round_no integer NOT NULL DEFAULT 1,
  -- One runner per table across instances: whoever holds an unexpired lease runs the rounds.
  lease_owner text,
  lease_until timestamptz
);

CREATE TABLE {{schema}}.live_rounds (
  round_id text PRIMARY KEY,
  table_id text NOT NULL REFERENCES {{schema}}.live_tables (table_id),
  round_no integer NOT NULL,
  status text NOT NULL CHECK (status IN ('betting', 'running', 'drawn', 'settled', 'refunded')),
  opens_at timestamptz NOT NULL,
  closes_at timestamptz NOT NULL,
  started_at timestamptz,
  growth double precision,
  seed_hash text NOT NULL,
  -- Revealed with the result.
  server_seed text,
  -- Drawn when the round opens and kept private until the result is announced.
  drawn jsonb NOT NULL,
  odds jsonb,
  result jsonb,
  decided_at timestamptz,
  settled_at timestamptz,
  UNIQUE (table_id, round_no)
);
CREATE INDEX live_rounds_open ON {{schema}}.live_rounds (table_id) WHERE status IN ('betting', 'running', 'drawn');
CREATE INDEX live_rounds_history ON {{schema}}.live_rounds (table_id, round_no DESC);

CREATE TABLE {{schema}}.live_bets (
  bet_id uuid PRIMARY KEY,
  round_id text NOT NULL REFERENCES {{schema}}.live_rounds (round_id),
  table_id text NOT NULL,
  member_id text NOT NULL,
  merchant_code text NOT NULL,
  currency text NOT NULL,
  spot text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  -- The wallet debit that paid for this bet (one per player and request, so a request's bets stand or fall together).
  wallet_bet_tx text NOT NULL,
  payout_minor bigint NOT NULL DEFAULT 0,
  -- pending: the wallet has not confirmed the debit yet; refunding: a rollback is on its way.
  status text NOT NULL CHECK (status IN ('pending', 'placed', 'cashed', 'won', 'lost', 'push', 'refunding', 'refunded')),
  auto_cashout_x100 integer,
  cashout_x100 integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX live_bets_round ON {{schema}}.live_bets (round_id, member_id);
CREATE INDEX live_bets_member ON {{schema}}.live_bets (member_id, table_id, created_at DESC);
-- Crash takes one bet per player and round.
CREATE UNIQUE INDEX live_bets_one_crash_bet ON {{schema}}.live_bets (round_id, member_id) WHERE spot = 'crash' AND status <> 'refunded';
