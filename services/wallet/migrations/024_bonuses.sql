-- Bonus money. A member's bonus balance is an account of kind 'bonus' beside its main (cash) account; bonuses are given
-- from the brand's 'promotions' house account and go back to it when forfeited or expired. `bonus_release` turns a
-- bonus whose wagering is met into cash; `bonus_forfeit` gives what is left back to the house.
ALTER TABLE {{schema}}.transactions DROP CONSTRAINT transactions_cause_check;
ALTER TABLE {{schema}}.transactions ADD CONSTRAINT transactions_cause_check CHECK (cause IN (
  'deposit', 'withdrawal', 'withdrawal_hold', 'withdrawal_release', 'bet', 'win', 'rollback', 'tip', 'void', 'resettle',
  'transfer', 'bonus', 'commission', 'adjustment', 'demo_deposit', 'jackpot', 'points', 'bonus_release', 'bonus_forfeit'
));

-- One row per bonus given. The requirement is fixed at the grant; `wagered_minor` is what weighted valid bets have
-- counted so far and never passes the requirement. At most one bonus per member and currency is wagering at a time.
CREATE TABLE {{schema}}.bonuses (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id text NOT NULL,
  currency text NOT NULL,
  grant_key text NOT NULL,
  request_hash text NOT NULL,
  source text NOT NULL CHECK (source IN ('promotion', 'cashback', 'referral', 'raffle', 'rebate', 'operator')),
  source_ref text NOT NULL,
  title text NOT NULL,
  -- The name per language ({"ES": …, "EN": …}); `title` where a language has none.
  titles jsonb NOT NULL DEFAULT '{}',
  state text NOT NULL CHECK (state IN ('wagering', 'completed', 'forfeited', 'expired')),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  required_minor bigint NOT NULL CHECK (required_minor >= 0),
  wagered_minor bigint NOT NULL DEFAULT 0,
  max_bet_minor bigint CHECK (max_bet_minor > 0),
  weights jsonb NOT NULL,
  grant_transaction_id uuid NOT NULL REFERENCES {{schema}}.transactions (id),
  released_minor bigint,
  forfeited_minor bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ended_at timestamptz,
  CONSTRAINT wagered_within_requirement CHECK (wagered_minor >= 0 AND wagered_minor <= required_minor),
  CONSTRAINT ended_when_not_wagering CHECK ((state = 'wagering') = (ended_at IS NULL)),
  UNIQUE (merchant_code, grant_key)
);
CREATE UNIQUE INDEX bonuses_one_wagering ON {{schema}}.bonuses (member_id, currency) WHERE state = 'wagering';
CREATE INDEX bonuses_by_member ON {{schema}}.bonuses (member_id, currency, id DESC);
CREATE INDEX bonuses_expiring ON {{schema}}.bonuses (expires_at) WHERE state = 'wagering';

-- What each settled bet counted toward a bonus, at the highest revision seen: a correction or a cancellation moves the
-- progress by the difference.
CREATE TABLE {{schema}}.bonus_wagers (
  bonus_id bigint NOT NULL REFERENCES {{schema}}.bonuses (id),
  bet_id text NOT NULL,
  revision integer NOT NULL,
  counted_minor bigint NOT NULL CHECK (counted_minor >= 0),
  PRIMARY KEY (bonus_id, bet_id)
);

-- A vendor call names the player, not its brand: the member's cash and bonus accounts are found by owner.
CREATE INDEX accounts_of_member ON {{schema}}.accounts (owner_id, kind, currency) WHERE owner_type = 'member';

-- How much of a round's stakes, and of one bet call, was bonus money: the round's credits go back in that share.
ALTER TABLE {{schema}}.rounds ADD COLUMN bonus_bet_minor bigint NOT NULL DEFAULT 0;
ALTER TABLE {{schema}}.vendor_transactions ADD COLUMN bonus_minor bigint NOT NULL DEFAULT 0;

-- The keyed vendor call, as in 006, and: the round's bonus stake and the call's bonus part are stored with them; when
-- the call moves bonus money the bonus account is checked unchanged since the reading, like the member's account.
CREATE OR REPLACE FUNCTION {{schema}}.apply_vendor_call(p jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  posting jsonb;
  r jsonb;
  touched integer;
BEGIN
  UPDATE {{schema}}.accounts SET version = version + 1
   WHERE id = (p->>'memberAccountId')::bigint AND version = (p->>'expectedVersion')::bigint;
  GET DIAGNOSTICS touched = ROW_COUNT;
  IF touched = 0 THEN
    RAISE EXCEPTION 'the member account changed since it was read' USING ERRCODE = '40001';
  END IF;
  IF p->>'bonusAccountId' IS NOT NULL THEN
    UPDATE {{schema}}.accounts SET version = version + 1
     WHERE id = (p->>'bonusAccountId')::bigint AND version = (p->>'expectedBonusVersion')::bigint;
    GET DIAGNOSTICS touched = ROW_COUNT;
    IF touched = 0 THEN
      RAISE EXCEPTION 'the bonus account changed since it was read' USING ERRCODE = '40001';
    END IF;
  END IF;

  FOR posting IN SELECT value FROM jsonb_array_elements(p->'postings') WITH ORDINALITY AS posted (value, position) ORDER BY position LOOP
    PERFORM {{schema}}.post_transaction(posting);
  END LOOP;

  r := p->'round';
  IF r IS NOT NULL AND jsonb_typeof(r) = 'object' THEN
    IF r->'expected' IS NULL OR jsonb_typeof(r->'expected') = 'null' THEN
      INSERT INTO {{schema}}.rounds (vendor, round_id, member_id, merchant_code, currency, game_type, game_code, state,
                                     bet_total_minor, win_total_minor, adjust_total_minor, revision, created_at, settled_at,
                                     bonus_bet_minor)
      VALUES (r->>'vendor', r->>'roundId', r->>'memberId', r->>'merchantCode', r->>'currency', r->>'gameType', r->>'gameCode',
              r->>'state', (r->>'betTotalMinor')::bigint, (r->>'winTotalMinor')::bigint, (r->>'adjustTotalMinor')::bigint,
              (r->>'revision')::integer, coalesce((r->>'createdAt')::timestamptz, now()), (r->>'settledAt')::timestamptz,
              coalesce((r->>'bonusBetMinor')::bigint, 0));
    ELSE
      UPDATE {{schema}}.rounds
         SET state = r->>'state', bet_total_minor = (r->>'betTotalMinor')::bigint, win_total_minor = (r->>'winTotalMinor')::bigint,
             adjust_total_minor = (r->>'adjustTotalMinor')::bigint, revision = (r->>'revision')::integer,
             settled_at = coalesce(settled_at, (r->>'settledAt')::timestamptz),
             bonus_bet_minor = coalesce((r->>'bonusBetMinor')::bigint, 0)
       WHERE vendor = r->>'vendor' AND round_id = r->>'roundId'
         AND state = r->'expected'->>'state'
         AND bet_total_minor = (r->'expected'->>'betTotalMinor')::bigint
         AND win_total_minor = (r->'expected'->>'winTotalMinor')::bigint
         AND adjust_total_minor = (r->'expected'->>'adjustTotalMinor')::bigint
         AND revision = (r->'expected'->>'revision')::integer;
      GET DIAGNOSTICS touched = ROW_COUNT;
      IF touched = 0 THEN
        RAISE EXCEPTION 'round % changed since it was read', r->>'roundId' USING ERRCODE = '40001';
      END IF;
    END IF;
  END IF;

  IF p->'rolledBack' IS NOT NULL AND jsonb_typeof(p->'rolledBack') = 'object' THEN
    UPDATE {{schema}}.vendor_transactions SET rolled_back = true
     WHERE vendor = p->'rolledBack'->>'vendor' AND player_id = p->'rolledBack'->>'playerId'
       AND transaction_id = p->'rolledBack'->>'transactionId' AND NOT rolled_back;
    GET DIAGNOSTICS touched = ROW_COUNT;
    IF touched = 0 THEN
      RAISE EXCEPTION 'bet % was already rolled back', p->'rolledBack'->>'transactionId' USING ERRCODE = '40001';
    END IF;
  END IF;

  INSERT INTO {{schema}}.vendor_transactions (vendor, player_id, transaction_id, operation, round_id, target_transaction_id,
                                              amount_minor, request_hash, response, ledger_transaction_id, bonus_minor)
  VALUES (p->'call'->>'vendor', p->'call'->>'playerId', p->'call'->>'transactionId', p->'call'->>'operation',
          p->'call'->>'roundId', p->'call'->>'targetTransactionId', (p->'call'->>'amountMinor')::bigint,
          p->'call'->>'requestHash', p->'call'->'response', (p->'call'->>'ledgerTransactionId')::uuid,
          coalesce((p->'call'->>'bonusMinor')::bigint, 0));

  INSERT INTO {{schema}}.outbox (id, topic, key, envelope)
  SELECT (value->>'id')::uuid, value->>'topic', value->>'key', value->'envelope'
    FROM jsonb_array_elements(p->'events') WITH ORDINALITY AS event (value, position) ORDER BY position;
END
$$;
