-- Invite friends, raffles and the manual rebate.

-- Money the referral and raffle promotions pay: one row per cause, recorded with its wallet key before the wallet is
-- called, paid after the commit, and paid again with the same key while unpaid (the wallet answers a repeated key with
-- the first result). `pay_as` bonus goes through the wallet's bonus money with `terms` (its wagering); cash through
-- the loyalty payout. Once paid, a claimed line is added to the reward centre's history (`history_grant_id`).
CREATE TABLE {{schema}}.promotion_payouts (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id bigint NOT NULL,
  -- `referral`: the referrer's reward for a qualified friend; `referee`: the friend's own bonus; `raffle`: a prize.
  source text NOT NULL CHECK (source IN ('referral', 'referee', 'raffle')),
  source_ref text NOT NULL,
  promotion_id text NOT NULL,
  currency text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  pay_as text NOT NULL CHECK (pay_as IN ('cash', 'bonus')),
  terms jsonb,
  title_kind text NOT NULL,
  title_params jsonb NOT NULL DEFAULT '{}'::jsonb,
  wallet_key text NOT NULL UNIQUE,
  attempts int NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  paid_at timestamptz,
  paid_ref text,
  history_grant_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_code, source, source_ref),
  CHECK (pay_as = 'cash' OR terms IS NOT NULL)
);
CREATE INDEX promotion_payouts_unpaid ON {{schema}}.promotion_payouts (next_attempt_at) WHERE paid_at IS NULL;
CREATE INDEX promotion_payouts_by_member ON {{schema}}.promotion_payouts (member_id, source, id DESC);

-- Who referred whom (from `member.registered`), and each referee's progress toward qualifying: its first deposit and
-- its valid bet. Qualifying happens once (`qualified_at`); the reward's payout row is unique per referee.
CREATE TABLE {{schema}}.referrals (
  referee_id bigint PRIMARY KEY,
  referrer_id bigint NOT NULL,
  merchant_code text NOT NULL,
  currency text NOT NULL,
  referee_account text NOT NULL,
  registered_at timestamptz NOT NULL,
  first_deposit_minor bigint,
  first_deposit_at timestamptz,
  qualified_at timestamptz,
  promotion_id text,
  reward_minor bigint,
  CHECK (referee_id <> referrer_id)
);
CREATE INDEX referrals_by_referrer ON {{schema}}.referrals (referrer_id, registered_at DESC, referee_id DESC);

-- The valid bet of each referee's bets at their highest revision (a cancellation counts zero), while the referee can
-- still qualify; `settled_at` decides whether a bet falls within the promotion's days.
CREATE TABLE {{schema}}.referral_bets (
  bet_id text PRIMARY KEY,
  referee_id bigint NOT NULL,
  revision int NOT NULL,
  cancelled boolean NOT NULL,
  valid_bet_minor bigint NOT NULL,
  settled_at timestamptz NOT NULL
);
CREATE INDEX referral_bets_by_referee ON {{schema}}.referral_bets (referee_id, settled_at);

-- A raffle promotion's draw: the secret seed and its SHA-256 published before the draw; once drawn, the ticket list
-- (`raffle_entries.tickets`), the winners and the seed are shown.
CREATE TABLE {{schema}}.raffles (
  promotion_id text PRIMARY KEY,
  merchant_code text NOT NULL,
  seed text NOT NULL,
  hash text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'drawn')),
  -- What the draw used: the terms at that moment.
  draw_at timestamptz,
  ticket_per_minor bigint,
  prizes jsonb,
  multiple int,
  winners jsonb NOT NULL DEFAULT '[]'::jsonb,
  total_tickets bigint,
  drawn_at timestamptz,
  drawn_by text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX raffles_open ON {{schema}}.raffles (merchant_code) WHERE status = 'open';

-- Each member's part of a raffle: its valid bet since the raffle started (joined or not), and once joined its place in
-- the ticket list (join order). `tickets` is fixed at the draw.
CREATE TABLE {{schema}}.raffle_entries (
  promotion_id text NOT NULL,
  member_id bigint NOT NULL,
  merchant_code text NOT NULL,
  currency text NOT NULL,
  valid_bet_minor bigint NOT NULL DEFAULT 0,
  position int,
  joined_at timestamptz,
  tickets bigint,
  PRIMARY KEY (promotion_id, member_id),
  UNIQUE (promotion_id, position),
  CHECK ((position IS NULL) = (joined_at IS NULL))
);

-- The valid bet each bet counts for in a raffle, at its highest revision.
CREATE TABLE {{schema}}.raffle_bets (
  promotion_id text NOT NULL,
  bet_id text NOT NULL,
  member_id bigint NOT NULL,
  revision int NOT NULL,
  cancelled boolean NOT NULL,
  valid_bet_minor bigint NOT NULL,
  PRIMARY KEY (promotion_id, bet_id)
);

-- Valid bet per member, brand day and game type (brands with a VIP programme), for the manual rebate's breakdown.
-- The amounts follow each bet's highest revision, like VIP's daily sums.
CREATE TABLE {{schema}}.rebate_bets (
  bet_id text PRIMARY KEY,
  member_id bigint NOT NULL,
  merchant_code text NOT NULL,
  currency text NOT NULL,
  day date NOT NULL,
  game_type text NOT NULL,
  revision int NOT NULL,
  cancelled boolean NOT NULL,
  valid_bet_minor bigint NOT NULL
);
CREATE INDEX rebate_bets_by_day ON {{schema}}.rebate_bets (merchant_code, day);

CREATE TABLE {{schema}}.rebate_daily (
  member_id bigint NOT NULL,
  day date NOT NULL,
  currency text NOT NULL,
  game_type text NOT NULL,
  merchant_code text NOT NULL,
  valid_bet_minor bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (member_id, day, currency, game_type)
);

-- A member's brand day as far as the manual rebate goes: the valid bet its claims covered and what they paid. The
-- daily run takes this row (closing the day) in its transaction and grants only the rebate of the rest; a claim takes
-- it too, so a claim and the run never both count the same valid bet.
CREATE TABLE {{schema}}.rebate_days (
  member_id bigint NOT NULL,
  day date NOT NULL,
  merchant_code text NOT NULL,
  claimed_valid_bet_minor bigint NOT NULL DEFAULT 0,
  claimed_minor bigint NOT NULL DEFAULT 0,
  closed_at timestamptz,
  PRIMARY KEY (member_id, day)
);

-- Each manual claim, once per idempotency key; paid through the reward centre's claimed grant (`grant_id`).
CREATE TABLE {{schema}}.rebate_claims (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL,
  merchant_code text NOT NULL,
  day date NOT NULL,
  idempotency_key text NOT NULL,
  currency text NOT NULL,
  valid_bet_minor bigint NOT NULL CHECK (valid_bet_minor > 0),
  rate_bp int NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  grant_id bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, idempotency_key)
);
CREATE INDEX rebate_claims_by_day ON {{schema}}.rebate_claims (member_id, day, id DESC);

-- Names the platform writes for these rewards, read in the member's language.
ALTER TABLE {{schema}}.reward_grants DROP CONSTRAINT IF EXISTS reward_grants_title_kind_check;
ALTER TABLE {{schema}}.reward_grants ADD CONSTRAINT reward_grants_title_kind_check
  CHECK (title_kind IN ('vip_upgrade', 'vip_monthly', 'vip_birthday', 'rebate', 'leaderboard', 'mission', 'manual_rebate', 'referral', 'referee', 'raffle'));

-- The order of `raffle` pushes to a brand.
CREATE SEQUENCE {{schema}}.raffle_push_versions;
