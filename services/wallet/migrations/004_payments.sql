-- Deposit methods per brand. Amount bounds in minor units of the method's currency.
CREATE TABLE {{schema}}.deposit_methods (
  merchant_code text NOT NULL,
  code text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('manual_bank', 'sandbox_gateway')),
  name text NOT NULL,
  currency text NOT NULL,
  min_minor bigint NOT NULL CHECK (min_minor > 0),
  max_minor bigint NOT NULL,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  enabled boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_code, code),
  CHECK (max_minor >= min_minor)
);

-- Withdrawal bounds per brand and currency; autoconfirm_minutes overrides WALLET_WITHDRAWAL_AUTOCONFIRM_MINUTES.
CREATE TABLE {{schema}}.withdrawal_settings (
  merchant_code text NOT NULL,
  currency text NOT NULL,
  min_minor bigint NOT NULL CHECK (min_minor > 0),
  max_minor bigint NOT NULL,
  autoconfirm_minutes integer CHECK (autoconfirm_minutes > 0),
  PRIMARY KEY (merchant_code, currency),
  CHECK (max_minor >= min_minor)
);

INSERT INTO {{schema}}.deposit_methods (merchant_code, code, kind, name, currency, min_minor, max_minor, details, sort_order) VALUES
  ('DEMO', 'BANK_TRANSFER', 'manual_bank', 'Bank transfer', 'MXN', 10000, 5000000,
   '{"bankName": "Banco Demo", "accountName": "Demo Casino SA de CV", "accountNumber": "012180001234567890", "note": "Transfer the exact amount, then upload the receipt."}'::jsonb, 1),
  ('DEMO', 'SANDBOX_PAY', 'sandbox_gateway', 'Sandbox Pay (TEST ONLY - no real money)', 'MXN', 1000, 2000000,
   '{"note": "Test payment method: no real money moves."}'::jsonb, 2);
INSERT INTO {{schema}}.withdrawal_settings (merchant_code, currency, min_minor, max_minor) VALUES ('DEMO', 'MXN', 10000, 5000000);

CREATE TABLE {{schema}}.deposits (
  id uuid PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id text NOT NULL,
  method_code text NOT NULL,
  method_kind text NOT NULL,
  currency text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reason text,
  provider_reference text,
  transaction_id uuid,
  decided_by text,
  decided_at timestamptz,
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_code, member_id, idempotency_key)
);
CREATE INDEX deposits_by_member ON {{schema}}.deposits (member_id, created_at DESC);
CREATE INDEX deposits_by_status ON {{schema}}.deposits (status, created_at);
-- Deposit limits sum what was credited in a window.
CREATE INDEX deposits_credited ON {{schema}}.deposits (merchant_code, member_id, currency, decided_at) WHERE status = 'approved';

CREATE TABLE {{schema}}.withdrawals (
  id uuid PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id text NOT NULL,
  currency text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  bank_name text NOT NULL,
  account_name text NOT NULL,
  account_number text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'paid', 'confirmed', 'disputed', 'rejected')),
  reason text,
  hold_transaction_id uuid NOT NULL,
  settle_transaction_id uuid,
  paid_at timestamptz,
  confirm_result text CHECK (confirm_result IN ('received', 'partial', 'not_received')),
  received_amount_minor bigint,
  confirm_comment text,
  confirmed_at timestamptz,
  auto_confirmed boolean NOT NULL DEFAULT false,
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_code, member_id, idempotency_key)
);
CREATE INDEX withdrawals_by_member ON {{schema}}.withdrawals (member_id, created_at DESC);
CREATE INDEX withdrawals_awaiting_confirmation ON {{schema}}.withdrawals (paid_at) WHERE status = 'paid';

-- Proof images (deposit receipts, withdrawal not-received evidence). Bytes live here so both modes need no file store.
CREATE TABLE {{schema}}.payment_proofs (
  id bigserial PRIMARY KEY,
  subject_type text NOT NULL CHECK (subject_type IN ('deposit', 'withdrawal')),
  subject_id uuid NOT NULL,
  name text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  size_bytes integer NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_proofs_by_subject ON {{schema}}.payment_proofs (subject_type, subject_id);

CREATE TABLE {{schema}}.transfers (
  id uuid PRIMARY KEY,
  merchant_code text NOT NULL,
  from_member_id text NOT NULL,
  to_member_id text NOT NULL,
  currency text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  transaction_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE {{schema}}.adjustments (
  id uuid PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id text NOT NULL,
  currency text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor <> 0),
  reason text NOT NULL,
  operator text NOT NULL,
  transaction_id uuid NOT NULL,
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (idempotency_key)
);

-- Deposit limits in minor units; NULL is no limit. A raise or removal waits in pending_* until pending_effective_at.
CREATE TABLE {{schema}}.deposit_limits (
  merchant_code text NOT NULL,
  member_id text NOT NULL,
  currency text NOT NULL,
  daily_minor bigint,
  weekly_minor bigint,
  monthly_minor bigint,
  pending jsonb,
  pending_effective_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, member_id, currency)
);

-- Who did what to a deposit or withdrawal, and why; the audit trail of the operator API.
CREATE TABLE {{schema}}.payment_actions (
  id bigserial PRIMARY KEY,
  subject_type text NOT NULL CHECK (subject_type IN ('deposit', 'withdrawal', 'adjustment', 'transfer')),
  subject_id uuid NOT NULL,
  action text NOT NULL,
  actor text NOT NULL,
  reason text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_actions_by_subject ON {{schema}}.payment_actions (subject_type, subject_id, at);
