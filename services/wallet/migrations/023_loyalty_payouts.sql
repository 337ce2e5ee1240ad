-- Loyalty payouts (points converted to cash, mall cash rewards, VIP and mission bonuses, red envelopes), paid from the
-- brand's loyalty house account, one row per key so that a repeat moves nothing.
ALTER TABLE {{schema}}.transactions DROP CONSTRAINT transactions_cause_check;
ALTER TABLE {{schema}}.transactions ADD CONSTRAINT transactions_cause_check CHECK (cause IN (
  'deposit', 'withdrawal', 'withdrawal_hold', 'withdrawal_release', 'bet', 'win', 'rollback', 'tip', 'void', 'resettle',
  'transfer', 'bonus', 'commission', 'adjustment', 'demo_deposit', 'jackpot', 'points'
));

CREATE TABLE {{schema}}.loyalty_payouts (
  merchant_code text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  payer_member_id text CHECK (payer_member_id IS NULL),
  payee_member_id text NOT NULL,
  currency text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  paid_minor bigint NOT NULL CHECK (paid_minor = amount_minor),
  transaction_id uuid REFERENCES {{schema}}.transactions (id),
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, key)
);
