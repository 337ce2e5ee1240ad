-- Game vendors that call the seamless-wallet API. The secret signs their requests; it comes from configuration
-- (WALLET_VENDOR_SECRETS) or, for the embedded demo vendors only, is generated at first start.
CREATE TABLE {{schema}}.vendors (
  code text PRIMARY KEY,
  name text NOT NULL,
  secret text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  wallet_style text NOT NULL DEFAULT 'seamless' CHECK (wallet_style IN ('seamless')),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One game round of one member at one vendor. Totals are kept net: a rolled-back bet leaves bet_total_minor.
CREATE TABLE {{schema}}.rounds (
  vendor text NOT NULL,
  round_id text NOT NULL,
  member_id text NOT NULL,
  merchant_code text NOT NULL,
  currency text NOT NULL,
  game_type text NOT NULL,
  game_code text,
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'settled', 'cancelled')),
  bet_total_minor bigint NOT NULL DEFAULT 0,
  win_total_minor bigint NOT NULL DEFAULT 0,
  adjust_total_minor bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  UNIQUE (vendor, round_id)
);
CREATE INDEX rounds_by_member ON {{schema}}.rounds (member_id, created_at DESC);

-- Every keyed vendor call with its stored answer: a replay returns it, a reused id with another body is refused.
-- A rollback that arrived before its bet is kept here with target_transaction_id, so the late bet is refused.
CREATE TABLE {{schema}}.vendor_transactions (
  vendor text NOT NULL,
  player_id text NOT NULL,
  transaction_id text NOT NULL,
  operation text NOT NULL,
  round_id text,
  target_transaction_id text,
  amount_minor bigint NOT NULL DEFAULT 0,
  rolled_back boolean NOT NULL DEFAULT false,
  request_hash text NOT NULL,
  response jsonb NOT NULL,
  ledger_transaction_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (vendor, player_id, transaction_id)
);
CREATE INDEX vendor_transactions_by_target ON {{schema}}.vendor_transactions (vendor, player_id, target_transaction_id)
  WHERE target_transaction_id IS NOT NULL;
CREATE INDEX vendor_transactions_by_round ON {{schema}}.vendor_transactions (vendor, round_id);

-- The wallet's own copy of who each member is and their upline, from member.registered, for bet.settled.
CREATE TABLE {{schema}}.member_directory (
  member_id text PRIMARY KEY,
  merchant_code text NOT NULL,
  account text NOT NULL,
  upline_id text
);
