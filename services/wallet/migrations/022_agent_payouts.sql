-- Agent contract commissions paid through the wallet, one row per key. A payment the payer could not cover at all
-- moved no money and has no ledger transaction, yet its answer is kept like any other so a repeat moves nothing.
CREATE TABLE {{schema}}.agent_payouts (
  merchant_code text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  payer_member_id text,
  payee_member_id text NOT NULL,
  currency text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  paid_minor bigint NOT NULL CHECK (paid_minor >= 0 AND paid_minor <= amount_minor),
  transaction_id uuid REFERENCES {{schema}}.transactions (id),
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, key)
);
