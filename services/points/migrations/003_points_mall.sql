-- The points mall: how a brand's members earn points, the rewards they redeem points for, and conversion to cash.

-- The brand's rules: the conversion rate (convert_points points are worth convert_amount_minor) and its minimum.
CREATE TABLE {{schema}}.point_config (
  merchant_code text PRIMARY KEY,
  currency text NOT NULL,
  convert_points bigint NOT NULL DEFAULT 1000 CHECK (convert_points > 0),
  convert_amount_minor bigint NOT NULL DEFAULT 0 CHECK (convert_amount_minor >= 0),
  convert_min_points bigint NOT NULL DEFAULT 1 CHECK (convert_min_points > 0),
  convert_enabled boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Earning: the valid bet (minor units) that earns one point, per game type; 0 (or no row) earns nothing.
CREATE TABLE {{schema}}.point_ratios (
  merchant_code text NOT NULL,
  game_type text NOT NULL,
  minor_per_point bigint NOT NULL CHECK (minor_per_point >= 0),
  PRIMARY KEY (merchant_code, game_type)
);

-- Per settled bet: the points its highest revision earned, so a correction posts the difference and a cancellation
-- takes everything back.
CREATE TABLE {{schema}}.point_bets (
  merchant_code text NOT NULL,
  bet_id text NOT NULL,
  member_id bigint NOT NULL,
  revision integer NOT NULL,
  points bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, bet_id)
);

CREATE TABLE {{schema}}.point_rewards (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('cash', 'bonus', 'voucher', 'goods')),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  image text NOT NULL DEFAULT '',
  points bigint NOT NULL CHECK (points > 0),
  -- Per unit: what cash and bonus rewards pay; what other rewards are worth, when shown.
  amount_minor bigint CHECK (amount_minor > 0),
  currency text NOT NULL,
  -- Units left; null is unlimited. Voucher rewards are also limited by the codes left in their pool.
  stock integer CHECK (stock >= 0),
  daily_limit integer CHECK (daily_limit > 0),
  lifetime_limit integer CHECK (lifetime_limit > 0),
  needs_approval boolean NOT NULL DEFAULT false,
  sort integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  -- Names the demo's rewards, so seeding twice adds nothing.
  seed_key text,
  updated_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_code, seed_key),
  CHECK (kind NOT IN ('cash', 'bonus') OR amount_minor IS NOT NULL)
);
CREATE INDEX point_rewards_by_brand ON {{schema}}.point_rewards (merchant_code, sort, id);

CREATE TABLE {{schema}}.point_redemptions (
  id bigserial PRIMARY KEY,
  reference_no text NOT NULL UNIQUE,
  merchant_code text NOT NULL,
  member_id bigint NOT NULL,
  reward_id bigint NOT NULL REFERENCES {{schema}}.point_rewards (id),
  -- The reward as it was redeemed.
  kind text NOT NULL,
  name text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  points bigint NOT NULL CHECK (points > 0),
  amount_minor bigint,
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('in_process', 'approved', 'rejected')),
  remark text,
  delivery jsonb,
  idempotency_key text NOT NULL,
  -- Cash and bonus rewards: the wallet payout's key, and when it was paid.
  payout_key text UNIQUE,
  paid_at timestamptz,
  wallet_transaction_id text,
  reviewed_by text,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, idempotency_key)
);
CREATE INDEX point_redemptions_by_member ON {{schema}}.point_redemptions (member_id, id DESC);
CREATE INDEX point_redemptions_by_reward ON {{schema}}.point_redemptions (reward_id, member_id, created_at);
CREATE INDEX point_redemptions_by_status ON {{schema}}.point_redemptions (merchant_code, status, id);
CREATE INDEX point_redemptions_unpaid ON {{schema}}.point_redemptions (id) WHERE payout_key IS NOT NULL AND paid_at IS NULL;

-- A voucher reward's pool: a code is reserved by a redemption, shown once approved, and free again if rejected.
CREATE TABLE {{schema}}.point_voucher_codes (
  reward_id bigint NOT NULL REFERENCES {{schema}}.point_rewards (id),
  code text NOT NULL,
  redemption_id bigint REFERENCES {{schema}}.point_redemptions (id),
  loaded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (reward_id, code)
);
CREATE INDEX point_voucher_codes_free ON {{schema}}.point_voucher_codes (reward_id) WHERE redemption_id IS NULL;

-- Conversions of points to cash: recorded with the member's key before the wallet pays, so a failed payment is paid
-- with the same key later and never twice.
CREATE TABLE {{schema}}.point_conversions (
  id bigserial PRIMARY KEY,
  reference_no text NOT NULL UNIQUE,
  merchant_code text NOT NULL,
  member_id bigint NOT NULL,
  idempotency_key text NOT NULL,
  points bigint NOT NULL CHECK (points > 0),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency text NOT NULL,
  paid_at timestamptz,
  wallet_transaction_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, idempotency_key)
);
CREATE INDEX point_conversions_unpaid ON {{schema}}.point_conversions (id) WHERE paid_at IS NULL;
