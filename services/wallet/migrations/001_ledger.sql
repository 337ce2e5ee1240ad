-- Accounts hold a running balance in integer minor units. The CHECK, not application code, is what keeps an
-- account from going below zero; only accounts flagged allow_negative (house and funding accounts) may.
CREATE TABLE {{schema}}.accounts (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  owner_type text NOT NULL CHECK (owner_type IN ('member', 'house', 'clearing', 'agent', 'funding')),
  owner_id text NOT NULL,
  kind text NOT NULL DEFAULT 'main',
  currency text NOT NULL,
  balance_minor bigint NOT NULL DEFAULT 0,
  version bigint NOT NULL DEFAULT 0,
  allow_negative boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_code, owner_type, owner_id, kind, currency),
  CONSTRAINT balance_not_negative CHECK (allow_negative OR balance_minor >= 0)
);

-- One row per money movement, with its cause and who caused it. The idempotency key is unique per actor, and the
-- request hash tells a true replay from a reused key.
CREATE TABLE {{schema}}.transactions (
  id uuid PRIMARY KEY,
  merchant_code text NOT NULL,
  cause text NOT NULL CHECK (cause IN ('deposit', 'withdrawal', 'bet', 'win', 'rollback', 'transfer', 'bonus', 'commission', 'adjustment', 'demo_deposit')),
  cause_ref text,
  actor text NOT NULL,
  idempotency_key text,
  request_hash text,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_code, actor, idempotency_key)
);

CREATE TABLE {{schema}}.entries (
  id bigserial PRIMARY KEY,
  transaction_id uuid NOT NULL REFERENCES {{schema}}.transactions (id),
  account_id bigint NOT NULL REFERENCES {{schema}}.accounts (id),
  currency text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor <> 0),
  balance_after_minor bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX entries_by_account ON {{schema}}.entries (account_id, id);
CREATE INDEX entries_by_transaction ON {{schema}}.entries (transaction_id);

CREATE FUNCTION {{schema}}.refuse_ledger_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only (% on %)', TG_OP, TG_TABLE_NAME;
END
$$;
CREATE TRIGGER entries_append_only BEFORE UPDATE OR DELETE ON {{schema}}.entries
  FOR EACH ROW EXECUTE FUNCTION {{schema}}.refuse_ledger_change();
CREATE TRIGGER transactions_append_only BEFORE UPDATE OR DELETE ON {{schema}}.transactions
  FOR EACH ROW EXECUTE FUNCTION {{schema}}.refuse_ledger_change();

-- Checked at commit: the entries of a transaction sum to zero in every currency.
CREATE FUNCTION {{schema}}.check_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced text;
BEGIN
  SELECT currency INTO unbalanced FROM {{schema}}.entries
   WHERE transaction_id = NEW.transaction_id GROUP BY currency HAVING sum(amount_minor) <> 0 LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'transaction % does not balance in %', NEW.transaction_id, unbalanced;
  END IF;
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER entries_balanced AFTER INSERT ON {{schema}}.entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION {{schema}}.check_transaction_balanced();
