-- Red envelopes. An operator schedules a window with a pool, a number of envelopes and the bounds of each. When the
-- window opens, the pool is split from a secret seed into that many amounts within the bounds, the amounts are kept as
-- the window's slots and SHA-256(seed | amounts) is published; the seed is revealed when the window closes, so anyone
-- can check the split. Slots are handed out in claim order, one per member, device and address.
CREATE TABLE {{schema}}.envelope_windows (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  title text NOT NULL,
  currency text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  pool_minor bigint NOT NULL CHECK (pool_minor > 0),
  count integer NOT NULL CHECK (count > 0),
  min_minor bigint NOT NULL CHECK (min_minor > 0),
  max_minor bigint NOT NULL,
  eligibility text NOT NULL CHECK (eligibility IN ('everyone', 'active_today')),
  -- The lowest VIP level that may claim (a member without a VIP row is at level 0); null: any level.
  min_vip_level integer CHECK (min_vip_level BETWEEN 0 AND 9),
  -- The zone "today" is counted in for `active_today`.
  time_zone text NOT NULL,
  -- A daily window is scheduled again a day later when it closes; the copies share the series.
  daily boolean NOT NULL DEFAULT false,
  series text NOT NULL,
  status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'open', 'closed', 'cancelled')),
  seed text,
  hash text,
  claimed_count integer NOT NULL DEFAULT 0,
  claimed_minor bigint NOT NULL DEFAULT 0,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  opened_at timestamptz,
  closed_at timestamptz,
  CHECK (ends_at > starts_at),
  CHECK (min_minor <= max_minor AND count * min_minor <= pool_minor AND pool_minor <= count * max_minor),
  CHECK (claimed_count <= count AND claimed_minor <= pool_minor),
  CHECK ((status = 'scheduled') = (hash IS NULL)),
  UNIQUE (merchant_code, series, starts_at)
);
CREATE INDEX envelope_windows_due ON {{schema}}.envelope_windows (status, starts_at);
CREATE INDEX envelope_windows_by_brand ON {{schema}}.envelope_windows (merchant_code, ends_at DESC);

-- The split of an open window, one row per envelope; a claim takes the next free slot.
CREATE TABLE {{schema}}.envelope_slots (
  window_id bigint NOT NULL REFERENCES {{schema}}.envelope_windows (id),
  slot integer NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  member_id bigint,
  device_id text,
  ip text,
  -- The claimed reward (source 'envelope') that pays it.
  grant_id bigint,
  claimed_at timestamptz,
  PRIMARY KEY (window_id, slot),
  UNIQUE (window_id, member_id),
  UNIQUE (window_id, device_id),
  UNIQUE (window_id, ip),
  CHECK ((member_id IS NULL) = (claimed_at IS NULL))
);

-- When each member last deposited or had a bet settled: the `active_today` rule.
CREATE TABLE {{schema}}.envelope_activity (
  member_id bigint PRIMARY KEY,
  merchant_code text NOT NULL,
  last_active_at timestamptz NOT NULL
);

-- The order of the brand's `envelope` pushes.
CREATE SEQUENCE {{schema}}.envelope_push_versions;
