-- Passwords, sessions and the member profile.

-- "Last login" on the profile means the sign-in before the current one, so it is kept apart from last_login_at.
ALTER TABLE {{schema}}.members ADD COLUMN previous_login_at timestamptz;
ALTER TABLE {{schema}}.members ADD COLUMN icon text NOT NULL DEFAULT '1';
ALTER TABLE {{schema}}.members ADD COLUMN language text;
-- A forgotten password is recovered with the e-mail registration stored (003); looked up per brand, any letter case.
CREATE INDEX members_email ON {{schema}}.members (merchant_code, lower(email)) WHERE email IS NOT NULL;

ALTER TABLE {{schema}}.sessions ADD COLUMN device text;

-- Reset links carry a random token; only its SHA-256 is stored, so a leaked table cannot reset anyone's password.
CREATE TABLE {{schema}}.password_resets (
  token_hash bytea PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES {{schema}}.members (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  requested_ip text
);
CREATE INDEX password_resets_open_by_member ON {{schema}}.password_resets (member_id) WHERE used_at IS NULL;

ALTER TABLE {{schema}}.login_history ADD COLUMN device text;
