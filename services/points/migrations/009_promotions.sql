-- Promotions: the brand's catalogue of activities (a deposit match, a cash bonus, a weekly cashback, an application,
-- a referral, a raffle, a tournament) and each member's participation in them. Bonuses are given through the
-- wallet's bonus money, once per key: recorded here first, given after the commit, given again with the same key while
-- not done.
CREATE TABLE {{schema}}.promotions (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('deposit_match', 'cash_bonus', 'cashback', 'application', 'referral', 'raffle', 'tournament')),
  -- The page's tab.
  category text NOT NULL CHECK (category IN ('deposit', 'casino', 'live', 'sports', 'vip', 'other')),
  -- Texts per language: {"ES": "…", "EN": "…"}.
  titles jsonb NOT NULL CHECK (titles ? 'ES' AND titles ? 'EN'),
  summaries jsonb NOT NULL DEFAULT '{"ES": "", "EN": ""}'::jsonb,
  rules jsonb NOT NULL DEFAULT '{"ES": "", "EN": ""}'::jsonb,
  banner_url text,
  -- The kind's terms (packages/contracts loyalty-promotions.ts), amounts in minor units of `currency`.
  terms jsonb NOT NULL,
  currency text NOT NULL,
  starts_at timestamptz NOT NULL,
  -- Open-ended when null.
  ends_at timestamptz,
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  -- One participation per device and per address as well (one per member always holds).
  limit_device boolean NOT NULL DEFAULT false,
  limit_ip boolean NOT NULL DEFAULT false,
  -- A name the platform gives its own promotions (the demo brand's), so they are made once.
  slug text,
  created_by text NOT NULL,
  updated_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at IS NULL OR ends_at > starts_at),
  UNIQUE (merchant_code, slug)
);
CREATE INDEX promotions_by_brand ON {{schema}}.promotions (merchant_code, sort, id);
CREATE INDEX promotions_live_by_kind ON {{schema}}.promotions (merchant_code, kind) WHERE enabled;

-- A member's participation: joined (`signed`), claimed, applied (`process` until decided), given after a deposit or
-- an approval (`issued`), or rejected. One per member and promotion; where the promotion limits devices or addresses,
-- `device_key` and `ip_key` hold them (null otherwise), so two members on one device cannot both take it, even at once.
CREATE TABLE {{schema}}.promotion_participations (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  promotion_id bigint NOT NULL REFERENCES {{schema}}.promotions (id),
  member_id bigint NOT NULL,
  account text,
  currency text NOT NULL,
  -- The member's language when it joined: the bonus given later is named in it.
  language text NOT NULL DEFAULT 'ES' CHECK (language IN ('ES', 'EN')),
  state text NOT NULL CHECK (state IN ('signed', 'process', 'claimed', 'issued', 'rejected')),
  device_id text,
  ip text,
  device_key text,
  ip_key text,
  -- The Idempotency-Key of the claim or application: a retry answers the first result.
  idempotency_key text,
  comment text CHECK (char_length(comment) <= 140),
  -- A deposit match: the deposit it matched.
  deposit_minor bigint,
  deposit_at timestamptz,
  -- The bonus given (or being given).
  bonus_minor bigint CHECK (bonus_minor > 0),
  reject_reason text,
  decided_by text,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT promotion_participations_member UNIQUE (promotion_id, member_id),
  CONSTRAINT promotion_participations_device UNIQUE (promotion_id, device_key),
  CONSTRAINT promotion_participations_ip UNIQUE (promotion_id, ip_key),
  CONSTRAINT promotion_participations_retry UNIQUE (member_id, idempotency_key)
);
CREATE INDEX promotion_participations_by_member ON {{schema}}.promotion_participations (member_id, promotion_id);
CREATE INDEX promotion_participations_applications ON {{schema}}.promotion_participations (merchant_code, id DESC) WHERE state IN ('process', 'issued', 'rejected');

-- An application's images: png or jpeg, checked by their bytes and stored without metadata (base64).
CREATE TABLE {{schema}}.promotion_application_images (
  participation_id bigint NOT NULL REFERENCES {{schema}}.promotion_participations (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position BETWEEN 1 AND 3),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  data text NOT NULL,
  PRIMARY KEY (participation_id, position)
);

-- Every bonus a promotion gives, with its wallet key (the wallet gives once per key): recorded in the transaction that
-- decides it, given after the commit, given again with the same key while not done.
CREATE TABLE {{schema}}.promotion_bonus_grants (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id bigint NOT NULL,
  promotion_id bigint NOT NULL REFERENCES {{schema}}.promotions (id),
  -- The participation it comes from (a claim, a deposit match, an approval); null for a week's cashback.
  participation_id bigint REFERENCES {{schema}}.promotion_participations (id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('promotion', 'cashback')),
  wallet_key text NOT NULL UNIQUE,
  currency text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  title text NOT NULL,
  -- The wallet's bonus terms (multiple, base, depositMinor, weights, maxBetMinor, days).
  terms jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  bonus_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz,
  CHECK ((status = 'done') = (done_at IS NOT NULL))
);
CREATE INDEX promotion_bonus_grants_due ON {{schema}}.promotion_bonus_grants (next_attempt_at) WHERE status = 'pending';
CREATE INDEX promotion_bonus_grants_by_participation ON {{schema}}.promotion_bonus_grants (participation_id);

-- A cashback's bets: each bet of a member who joined, at its highest revision (a cancelled one counts nothing), with
-- the week (Monday, brand time) it settled in.
CREATE TABLE {{schema}}.promotion_cashback_bets (
  promotion_id bigint NOT NULL REFERENCES {{schema}}.promotions (id),
  bet_id text NOT NULL,
  member_id bigint NOT NULL,
  revision integer NOT NULL,
  week_start date NOT NULL,
  bet_minor bigint NOT NULL,
  win_minor bigint NOT NULL,
  PRIMARY KEY (promotion_id, bet_id)
);
CREATE INDEX promotion_cashback_bets_by_week ON {{schema}}.promotion_cashback_bets (promotion_id, week_start, member_id);

-- Each member's settled cashback weeks: once per promotion, member and week, whatever it came to.
CREATE TABLE {{schema}}.promotion_cashback_weeks (
  promotion_id bigint NOT NULL REFERENCES {{schema}}.promotions (id),
  member_id bigint NOT NULL,
  week_start date NOT NULL,
  loss_minor bigint NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  paid_as text NOT NULL CHECK (paid_as IN ('bonus', 'reward')),
  settled_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (promotion_id, member_id, week_start)
);

-- The order of each member's `promotions` pushes.
CREATE TABLE {{schema}}.promotion_member_versions (
  member_id bigint PRIMARY KEY,
  version bigint NOT NULL DEFAULT 0
);
