-- The reward centre: every reward a member has been granted (a mission's reward, a VIP bonus, a red envelope, a
-- rebate), one row per cause, claimable until it expires. Claiming pays it: money through the wallet ledger, points
-- through the points ledger.
CREATE TABLE {{schema}}.reward_grants (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id bigint NOT NULL,
  source text NOT NULL CHECK (source IN ('mission', 'leaderboard', 'vip_upgrade', 'vip_monthly', 'vip_birthday', 'envelope', 'rebate', 'promotion')),
  -- What it is for (a mission and its period, a level reached, a month): unique per source, so granting twice grants once.
  source_ref text NOT NULL,
  -- The reward's name as the member sees it (already in the member's terms, e.g. "Level 3 upgrade bonus").
  title text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('cash', 'bonus', 'points')),
  currency text NOT NULL,
  amount_minor bigint NOT NULL DEFAULT 0 CHECK (amount_minor >= 0),
  points bigint NOT NULL DEFAULT 0 CHECK (points >= 0),
  status text NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'claimed', 'expired')),
  expires_at timestamptz,
  claimed_at timestamptz,
  -- The wallet transaction or points transaction that paid it.
  paid_ref text,
  -- When the payment was made. A claimed money reward is recorded (with its payment key, `grant:<id>`) before the
  -- wallet is called; one claimed but not paid yet is paid again with the same key, so it is paid exactly once.
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_code, source, source_ref),
  CHECK ((kind = 'points') = (points > 0) AND (kind = 'points') = (amount_minor = 0)),
  CHECK (status <> 'claimed' OR claimed_at IS NOT NULL),
  CHECK (paid_at IS NULL OR status = 'claimed')
);
CREATE INDEX reward_grants_by_member ON {{schema}}.reward_grants (member_id, status, id DESC);
CREATE INDEX reward_grants_received ON {{schema}}.reward_grants (member_id, claimed_at DESC) WHERE status = 'claimed';
CREATE INDEX reward_grants_unpaid ON {{schema}}.reward_grants (claimed_at) WHERE status = 'claimed' AND paid_at IS NULL;
CREATE INDEX reward_grants_expiring ON {{schema}}.reward_grants (expires_at) WHERE status = 'available' AND expires_at IS NOT NULL;

-- The order of each member's `rewards` pushes: one more on every change of the claimable count.
CREATE TABLE {{schema}}.reward_counters (
  member_id bigint PRIMARY KEY,
  merchant_code text NOT NULL,
  version bigint NOT NULL DEFAULT 0
);
