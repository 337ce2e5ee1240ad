-- Every ledger posting goes through this one function: deposits, withdrawals, transfers, adjustments, the jackpot and
-- keyed vendor calls (apply_vendor_call below calls it once per posting). One round trip posts a whole transaction.
--
-- p: { id, merchantCode, cause, causeRef, actor, idempotencyKey, requestHash,
--      legs: [{ accountId, currency, amountMinor }],           -- balanced; checked again at commit by entries_balanced
--      answer?: object,                                        -- fixed fields of the stored answer
--      answerAccountId? }                                      -- whose balance after and version the answer carries
--
-- Accounts are moved first, in account id order (the order every writer locks in, so no two wait on each other in a
-- circle), each in the statement that locks it; a leg that takes a non-negative account below zero fails the
-- balance_not_negative CHECK and the caller's transaction rolls back. The transaction row is written next with its
-- stored answer (answer + transactionId, + balanceAfterMinor and version of answerAccountId), then one entry per leg.
-- Returns { answer, legs: [{ accountId, ownerType, ownerId, currency, amountMinor, balanceAfterMinor, version }] };
-- minor amounts travel as text so no reader rounds them.
CREATE FUNCTION {{schema}}.post_transaction(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  leg jsonb;
  moved {{schema}}.accounts%ROWTYPE;
  posted jsonb := '[]'::jsonb;
  answer jsonb := coalesce(p->'answer', '{}'::jsonb) || jsonb_build_object('transactionId', p->>'id');
BEGIN
  FOR leg IN SELECT value FROM jsonb_array_elements(p->'legs') ORDER BY (value->>'accountId')::bigint LOOP
    UPDATE {{schema}}.accounts
       SET balance_minor = balance_minor + (leg->>'amountMinor')::bigint, version = version + 1
     WHERE id = (leg->>'accountId')::bigint AND currency = leg->>'currency'
    RETURNING * INTO moved;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'account % in % not found', leg->>'accountId', leg->>'currency';
    END IF;
    posted := posted || jsonb_build_object(
      'accountId', moved.id::text, 'ownerType', moved.owner_type, 'ownerId', moved.owner_id, 'currency', moved.currency,
      'amountMinor', leg->>'amountMinor', 'balanceAfterMinor', moved.balance_minor::text, 'version', moved.version);
    IF moved.id::text = p->>'answerAccountId' THEN
      answer := answer || jsonb_build_object('balanceAfterMinor', moved.balance_minor::text, 'version', moved.version);
    END IF;
  END LOOP;

  INSERT INTO {{schema}}.transactions (id, merchant_code, cause, cause_ref, actor, idempotency_key, request_hash, response)
  VALUES ((p->>'id')::uuid, p->>'merchantCode', p->>'cause', p->>'causeRef', p->>'actor', p->>'idempotencyKey',
          p->>'requestHash', answer);

  INSERT INTO {{schema}}.entries (transaction_id, account_id, currency, amount_minor, balance_after_minor)
  SELECT (p->>'id')::uuid, (value->>'accountId')::bigint, value->>'currency', (value->>'amountMinor')::bigint,
         (value->>'balanceAfterMinor')::bigint
    FROM jsonb_array_elements(posted) WITH ORDINALITY AS entry (value, position) ORDER BY position;

  RETURN jsonb_build_object('answer', answer, 'legs', posted);
END
$$;

-- The keyed vendor call posts through post_transaction; the rest of it is unchanged (see 005 for its input).
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

  FOR posting IN SELECT value FROM jsonb_array_elements(p->'postings') WITH ORDINALITY AS posted (value, position) ORDER BY position LOOP
    PERFORM {{schema}}.post_transaction(posting);
  END LOOP;

  r := p->'round';
  IF r IS NOT NULL AND jsonb_typeof(r) = 'object' THEN
    IF r->'expected' IS NULL OR jsonb_typeof(r->'expected') = 'null' THEN
      INSERT INTO {{schema}}.rounds (vendor, round_id, member_id, merchant_code, currency, game_type, game_code, state,
                                     bet_total_minor, win_total_minor, adjust_total_minor, revision, created_at, settled_at)
      VALUES (r->>'vendor', r->>'roundId', r->>'memberId', r->>'merchantCode', r->>'currency', r->>'gameType', r->>'gameCode',
              r->>'state', (r->>'betTotalMinor')::bigint, (r->>'winTotalMinor')::bigint, (r->>'adjustTotalMinor')::bigint,
              (r->>'revision')::integer, coalesce((r->>'createdAt')::timestamptz, now()), (r->>'settledAt')::timestamptz);
    ELSE
      UPDATE {{schema}}.rounds
         SET state = r->>'state', bet_total_minor = (r->>'betTotalMinor')::bigint, win_total_minor = (r->>'winTotalMinor')::bigint,
             adjust_total_minor = (r->>'adjustTotalMinor')::bigint, revision = (r->>'revision')::integer,
             settled_at = coalesce(settled_at, (r->>'settledAt')::timestamptz)
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
                                              amount_minor, request_hash, response, ledger_transaction_id)
  VALUES (p->'call'->>'vendor', p->'call'->>'playerId', p->'call'->>'transactionId', p->'call'->>'operation',
          p->'call'->>'roundId', p->'call'->>'targetTransactionId', (p->'call'->>'amountMinor')::bigint,
          p->'call'->>'requestHash', p->'call'->'response', (p->'call'->>'ledgerTransactionId')::uuid);

  INSERT INTO {{schema}}.outbox (id, topic, key, envelope)
  SELECT (value->>'id')::uuid, value->>'topic', value->>'key', value->'envelope'
    FROM jsonb_array_elements(p->'events') WITH ORDINALITY AS event (value, position) ORDER BY position;
END
$$;
