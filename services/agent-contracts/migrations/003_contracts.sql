-- Each brand's contract terms per kind: whether the kind is offered, its settlement period, the tier thresholds every
-- contract of the brand uses with the highest rates a top agent may get, and the settings of offers and settlement.
CREATE TABLE {{schema}}.brand_terms (
  merchant_code text NOT NULL,
  kind text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  period text NOT NULL,
  tiers jsonb NOT NULL DEFAULT '[]'::jsonb,
  active_threshold_minor bigint NOT NULL DEFAULT 0,
  offer_ttl_hours integer NOT NULL DEFAULT 168,
  carry_resets_monthly boolean NOT NULL DEFAULT true,
  time_zone text NOT NULL DEFAULT 'UTC',
  settle_delay_minutes integer NOT NULL DEFAULT 5,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, kind),
  CONSTRAINT brand_terms_kind CHECK (kind IN ('dividend', 'daily', 'hourly', 'realtime')),
  CONSTRAINT brand_terms_period CHECK (
    (kind = 'dividend' AND period IN ('daily', 'weekly', 'semi-monthly', 'monthly'))
    OR (kind = 'daily' AND period = 'daily')
    OR (kind = 'hourly' AND period = 'hourly')
    OR (kind = 'realtime' AND period = '5min')
  ),
  CONSTRAINT brand_terms_tiers_array CHECK (jsonb_typeof(tiers) = 'array'),
  CONSTRAINT brand_terms_active_threshold CHECK (active_threshold_minor >= 0),
  CONSTRAINT brand_terms_offer_ttl CHECK (offer_ttl_hours > 0),
  CONSTRAINT brand_terms_settle_delay CHECK (settle_delay_minutes >= 0)
);

-- Every offer of terms or of termination an agent received, and what became of it. An accepted offer is the agent's
-- contract from `effective_from` (a period boundary) until `ended_at` (a later boundary) when it was superseded or
-- terminated. A contract is in force for a period [s, e) when action = 'offer', its state is active, superseded or
-- terminated, effective_from <= s and (ended_at IS NULL OR ended_at >= e).
CREATE TABLE {{schema}}.contracts (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  kind text NOT NULL,
  agent_id bigint NOT NULL,
  offered_by bigint,
  action text NOT NULL DEFAULT 'offer',
  state text NOT NULL DEFAULT 'pending',
  period text NOT NULL,
  tiers jsonb NOT NULL DEFAULT '[]'::jsonb,
  offered_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  decided_at timestamptz,
  effective_from timestamptz,
  ended_at timestamptz,
  end_reason text,
  terminates bigint REFERENCES {{schema}}.contracts (id),
  CONSTRAINT contracts_kind CHECK (kind IN ('dividend', 'daily', 'hourly', 'realtime')),
  CONSTRAINT contracts_action CHECK (action IN ('offer', 'terminate')),
  CONSTRAINT contracts_state CHECK (state IN ('pending', 'active', 'rejected', 'expired', 'withdrawn', 'superseded', 'terminated')),
  CONSTRAINT contracts_period CHECK (period IN ('daily', 'weekly', 'semi-monthly', 'monthly', 'hourly', '5min')),
  CONSTRAINT contracts_tiers_array CHECK (jsonb_typeof(tiers) = 'array'),
  CONSTRAINT contracts_not_own_upline CHECK (offered_by IS NULL OR offered_by <> agent_id),
  CONSTRAINT contracts_terminates_only_terminations CHECK ((action = 'terminate') = (terminates IS NOT NULL)),
  CONSTRAINT contracts_decided CHECK ((state = 'pending') = (decided_at IS NULL)),
  CONSTRAINT contracts_accepted_has_start CHECK (state IN ('pending', 'rejected', 'expired', 'withdrawn') OR effective_from IS NOT NULL),
  CONSTRAINT contracts_ended CHECK ((ended_at IS NOT NULL) = (action = 'offer' AND state IN ('superseded', 'terminated'))),
  CONSTRAINT contracts_ends_after_start CHECK (ended_at IS NULL OR ended_at >= effective_from)
);
-- At most one open offer (of terms or of termination) per agent and kind: a second racing offer fails cleanly.
CREATE UNIQUE INDEX contracts_one_pending ON {{schema}}.contracts (agent_id, kind) WHERE state = 'pending';
-- At most one accepted contract going forward per agent and kind; the ones it replaced are superseded or terminated.
CREATE UNIQUE INDEX contracts_one_active ON {{schema}}.contracts (agent_id, kind) WHERE state = 'active' AND action = 'offer';
CREATE INDEX contracts_by_agent ON {{schema}}.contracts (agent_id, kind, offered_at DESC);
CREATE INDEX contracts_by_offerer ON {{schema}}.contracts (offered_by, kind, state);
CREATE INDEX contracts_in_force ON {{schema}}.contracts (merchant_code, kind, effective_from) WHERE action = 'offer' AND state IN ('active', 'superseded', 'terminated');
CREATE INDEX contracts_expiring ON {{schema}}.contracts (expires_at) WHERE state = 'pending';
CREATE INDEX contracts_terminates ON {{schema}}.contracts (terminates) WHERE terminates IS NOT NULL;
