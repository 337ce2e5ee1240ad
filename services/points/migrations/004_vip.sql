-- VIP. A brand's programme (its currency and time zone) and its levels 0..9; a brand without levels has no VIP.
CREATE TABLE {{schema}}.vip_programmes (
  merchant_code text PRIMARY KEY,
  currency text NOT NULL,
  time_zone text NOT NULL,
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE {{schema}}.vip_levels (
  merchant_code text NOT NULL REFERENCES {{schema}}.vip_programmes (merchant_code),
  level int NOT NULL CHECK (level BETWEEN 0 AND 9),
  label_name text NOT NULL,
  upgrade_deposit_minor bigint NOT NULL CHECK (upgrade_deposit_minor >= 0),
  upgrade_valid_bet_minor bigint NOT NULL CHECK (upgrade_valid_bet_minor >= 0),
  keep_deposit_minor bigint NOT NULL CHECK (keep_deposit_minor BETWEEN 0 AND upgrade_deposit_minor),
  keep_valid_bet_minor bigint NOT NULL CHECK (keep_valid_bet_minor BETWEEN 0 AND upgrade_valid_bet_minor),
  upgrade_bonus_minor bigint NOT NULL CHECK (upgrade_bonus_minor >= 0),
  monthly_bonus_minor bigint NOT NULL CHECK (monthly_bonus_minor >= 0),
  birthday_bonus_minor bigint NOT NULL CHECK (birthday_bonus_minor >= 0),
  rebate_bp int NOT NULL CHECK (rebate_bp BETWEEN 0 AND 10000),
  withdrawal_limit text NOT NULL DEFAULT '',
  PRIMARY KEY (merchant_code, level)
);

-- Each member's level. A member without a row is at level 0. `version` grows with every change of the level (the `v`
-- of `vip` pushes); `reviewed_month` (yyyy-MM) is the last monthly re-evaluation that looked at the member.
CREATE TABLE {{schema}}.vip_members (
  member_id bigint PRIMARY KEY,
  merchant_code text NOT NULL,
  level int NOT NULL DEFAULT 0 CHECK (level BETWEEN 0 AND 9),
  version bigint NOT NULL DEFAULT 0,
  reviewed_month text,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vip_members_by_brand ON {{schema}}.vip_members (merchant_code, level) WHERE level > 0;

-- Every change of a member's level with its reason, for the operator.
CREATE TABLE {{schema}}.vip_level_changes (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL,
  merchant_code text NOT NULL,
  from_level int NOT NULL,
  to_level int NOT NULL,
  reason text NOT NULL CHECK (reason IN ('upgrade', 'review', 'operator')),
  actor text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vip_level_changes_by_member ON {{schema}}.vip_level_changes (member_id, id DESC);

-- The valid bet each settled bet counts for, at its highest revision: a correction or a cancellation replaces it, and
-- the daily sums move by the difference.
CREATE TABLE {{schema}}.vip_bets (
  bet_id text PRIMARY KEY,
  member_id bigint NOT NULL,
  merchant_code text NOT NULL,
  currency text NOT NULL,
  day date NOT NULL,
  revision int NOT NULL,
  cancelled boolean NOT NULL,
  valid_bet_minor bigint NOT NULL
);

-- Deposits and valid bet per member and day (brand time): the rolling window is a sum of a few rows.
CREATE TABLE {{schema}}.vip_daily (
  member_id bigint NOT NULL,
  day date NOT NULL,
  currency text NOT NULL,
  merchant_code text NOT NULL,
  deposit_minor bigint NOT NULL DEFAULT 0,
  valid_bet_minor bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (member_id, day, currency)
);
CREATE INDEX vip_daily_by_brand_day ON {{schema}}.vip_daily (merchant_code, day);

-- The runs of the monthly re-evaluation (per brand and month) and of the daily rebate (per brand and day) the timer has
-- made, so each runs by itself once.
CREATE TABLE {{schema}}.vip_runs (
  merchant_code text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('review', 'rebate')),
  period text NOT NULL,
  ran_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, kind, period)
);
