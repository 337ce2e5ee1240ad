-- The points ledger. Every change of a member's points is a transaction of two legs: the member's account and one of
-- the brand's points accounts (what earning, rewards, the mall or conversion have given out or taken back), so the
-- points of all members and the brand's accounts always sum to zero. A member's points are the sum of its
-- transactions. Spending (redeem, convert) never takes an account below zero; taking back what a cancelled bet
-- earned may, and is recorded as it is (points never expire, and nothing already redeemed is undone).
ALTER TABLE {{schema}}.point_accounts DROP CONSTRAINT points_not_negative;
ALTER TABLE {{schema}}.point_accounts ADD COLUMN currency text;
ALTER TABLE {{schema}}.point_accounts ADD COLUMN version bigint NOT NULL DEFAULT 0;
DROP TABLE {{schema}}.point_entries;
DROP FUNCTION {{schema}}.refuse_point_entry_change();

CREATE TABLE {{schema}}.point_brand_accounts (
  merchant_code text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('earning', 'rewards', 'mall', 'conversion', 'adjustment')),
  points bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_code, kind)
);

CREATE TABLE {{schema}}.point_transactions (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  cause text NOT NULL CHECK (cause IN ('bet', 'redeem', 'redeem_refund', 'convert', 'reward', 'adjustment')),
  -- What caused it (a bet and its revision, a redemption, a claim): unique per cause, so posting twice changes nothing.
  cause_ref text NOT NULL,
  member_id bigint NOT NULL REFERENCES {{schema}}.point_accounts (member_id),
  change bigint NOT NULL CHECK (change <> 0),
  -- The other leg: the brand account that gave (or took back) the points.
  brand_kind text NOT NULL,
  remark text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_code, cause, cause_ref)
);
CREATE INDEX point_transactions_by_member ON {{schema}}.point_transactions (member_id, id);

CREATE FUNCTION {{schema}}.refuse_point_transaction_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'point transactions are append-only (% on %)', TG_OP, TG_TABLE_NAME;
END
$$;
CREATE TRIGGER point_transactions_append_only BEFORE UPDATE OR DELETE ON {{schema}}.point_transactions
  FOR EACH ROW EXECUTE FUNCTION {{schema}}.refuse_point_transaction_change();
