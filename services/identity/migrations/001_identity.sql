CREATE TABLE {{schema}}.merchants (
  code text PRIMARY KEY,
  name text NOT NULL,
  hosts text[] NOT NULL DEFAULT '{}',
  default_language text NOT NULL,
  languages text[] NOT NULL,
  currency text NOT NULL,
  currency_symbol text NOT NULL,
  time_zone text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX merchants_one_default ON {{schema}}.merchants (is_default) WHERE is_default;

CREATE TABLE {{schema}}.members (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES {{schema}}.merchants (code),
  username text NOT NULL,
  username_key text NOT NULL,
  nickname text NOT NULL,
  type smallint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  password_hash text NOT NULL,
  upline_id bigint REFERENCES {{schema}}.members (id),
  referral_code text,
  register_url text,
  register_method text,
  register_ip text,
  login_count integer NOT NULL DEFAULT 0,
  last_login_at timestamptz,
  last_login_ip text,
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_code, username_key)
);
CREATE UNIQUE INDEX members_referral_code ON {{schema}}.members (merchant_code, referral_code) WHERE referral_code IS NOT NULL;

-- Session tokens are stored only as SHA-256 hashes: a leaked table cannot be replayed.
CREATE TABLE {{schema}}.sessions (
  token_hash bytea PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES {{schema}}.members (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ip text,
  user_agent text,
  ended_at timestamptz,
  end_reason text
);
CREATE INDEX sessions_open_by_member ON {{schema}}.sessions (member_id) WHERE ended_at IS NULL;

CREATE TABLE {{schema}}.login_history (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id bigint REFERENCES {{schema}}.members (id),
  username text NOT NULL,
  success boolean NOT NULL,
  reason text,
  ip text,
  user_agent text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_history_member ON {{schema}}.login_history (member_id, at DESC);
