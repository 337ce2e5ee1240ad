-- Second factors: authenticator (TOTP) enrolment, trusted addresses, sign-in tickets, social identities.

-- The secret is sealed with IDENTITY_SECRET_KEY (AES-256-GCM): a leaked table alone cannot mint codes.
-- last_used_step refuses a code a second time within its window (RFC 6238 §5.2).
CREATE TABLE {{schema}}.member_totp (
  member_id bigint PRIMARY KEY REFERENCES {{schema}}.members (id),
  sealed_secret text,
  pending_sealed_secret text,
  enabled_at timestamptz,
  last_used_step bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Addresses a member proved with a second factor; with the successful logins they count as known.
CREATE TABLE {{schema}}.trusted_ips (
  member_id bigint NOT NULL REFERENCES {{schema}}.members (id),
  ip text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, ip)
);
CREATE INDEX login_history_member_ip ON {{schema}}.login_history (member_id, ip) WHERE success;

-- The step between a correct first factor and a session. Only the SHA-256 of the ticket is kept; a ticket is single
-- use, short-lived and allows a few wrong codes.
CREATE TABLE {{schema}}.sign_in_tickets (
  ticket_hash bytea PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES {{schema}}.members (id),
  merchant_code text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('new-ip', 'two-factor', 'two-factor-setup', 'social-exchange')),
  methods text[] NOT NULL DEFAULT '{}',
  first_factor text NOT NULL,
  -- Carried from the first step, so the answer after the second still forces the password change.
  must_change_password boolean NOT NULL DEFAULT false,
  ip text,
  code_hash bytea,
  code_method text,
  code_expires_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_tickets_member ON {{schema}}.sign_in_tickets (member_id, created_at DESC);

-- One member per (brand, provider, subject): the subject is the provider's stable id for the person.
CREATE TABLE {{schema}}.social_identities (
  merchant_code text NOT NULL,
  provider text NOT NULL,
  subject text NOT NULL,
  member_id bigint NOT NULL REFERENCES {{schema}}.members (id),
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, provider, subject)
);

-- An authorisation request in flight: state (hashed), the browser binding (hashed), nonce and PKCE verifier.
CREATE TABLE {{schema}}.social_login_states (
  state_hash bytea PRIMARY KEY,
  merchant_code text NOT NULL,
  provider text NOT NULL,
  binding_hash bytea NOT NULL,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  redirect_uri text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
