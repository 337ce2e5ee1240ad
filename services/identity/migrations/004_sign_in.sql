-- Sign-in security: the audit trail of security events, lockouts, and one-time codes sent by SMS.

-- An append-only audit log; rows are never updated, so an investigation sees exactly what happened and when.
CREATE TABLE {{schema}}.security_events (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id bigint REFERENCES {{schema}}.members (id),
  kind text NOT NULL,
  ip text,
  user_agent text,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX security_events_member ON {{schema}}.security_events (member_id, at DESC);
CREATE INDEX security_events_kind ON {{schema}}.security_events (merchant_code, kind, at DESC);

-- A lockout lives in the database, not only the cache, so an operator can see and lift it and a cache flush
-- cannot lift it silently.
ALTER TABLE {{schema}}.members ADD COLUMN locked_until timestamptz;

-- The phone that SMS sign-in looks members up by. IF NOT EXISTS: mobile registration may have added the same columns.
ALTER TABLE {{schema}}.members ADD COLUMN IF NOT EXISTS mobile_num text;
ALTER TABLE {{schema}}.members ADD COLUMN IF NOT EXISTS country_dialing_code text;
CREATE INDEX IF NOT EXISTS members_mobile_num ON {{schema}}.members (merchant_code, mobile_num) WHERE mobile_num IS NOT NULL;

-- Codes are stored as SHA-256 hashes with an attempt counter: a leaked row cannot be replayed, and guessing is capped.
CREATE TABLE {{schema}}.verification_codes (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  purpose text NOT NULL,
  mobile text NOT NULL,
  code_hash bytea NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX verification_codes_open ON {{schema}}.verification_codes (merchant_code, purpose, mobile, created_at DESC) WHERE consumed_at IS NULL;

-- One captcha per client-chosen key; a refresh replaces it and a check consumes it. The answer is kept as is: it is
-- worth nothing after a few minutes, and the database is already trusted with everything it would protect.
CREATE TABLE {{schema}}.captcha_challenges (
  merchant_code text NOT NULL,
  key_hash bytea NOT NULL,
  answer text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_code, key_hash)
);
