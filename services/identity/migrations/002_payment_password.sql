-- The payment password guards money leaving an account (withdrawals, transfers). It lives apart from the login
-- password so that a lockout of one never locks the other.
CREATE TABLE {{schema}}.payment_passwords (
  member_id bigint PRIMARY KEY REFERENCES {{schema}}.members (id),
  password_hash text NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
