-- A settled round that is corrected afterwards (resettle, or an adjust after settlement) is published again with a
-- higher revision; readers of bets.v1 keep the highest revision of each bet.
ALTER TABLE {{schema}}.rounds ADD COLUMN revision integer NOT NULL DEFAULT 0;

-- Applies one keyed vendor call that the wallet has already decided, in a single round trip. The caller read the
-- member's account, the stored call and the round without locks; this function refuses with SQLSTATE 40001 when the
-- member's account version has moved since (another call of the same member won the race), and the caller reads
-- again and decides again. Every keyed call moves the version, also one that moves no money (an early rollback), so
-- two calls of one member can never both decide on the same reading.
--
-- p: {
--   memberAccountId, expectedVersion,
--   postings: [{ id, merchantCode, cause, causeRef, actor, idempotencyKey, requestHash, legs: [{ accountId, currency, amountMinor }] }],
--   round?: { vendor, roundId, memberId, merchantCode, currency, gameType, gameCode, state, betTotalMinor, winTotalMinor,
--             adjustTotalMinor, revision, settledAt, expected?: { state, betTotalMinor, winTotalMinor, adjustTotalMinor, revision } },
--   rolledBack?: { vendor, playerId, transactionId },
--   call: { vendor, playerId, transactionId, operation, roundId, targetTransactionId, amountMinor, requestHash, response, ledgerTransactionId },
--   events: [{ id, topic, key, envelope }]
-- }
CREATE FUNCTION {{schema}}.apply_vendor_call(p jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  posting jsonb;
  leg jsonb;
  r jsonb;
  after_minor bigint;
  touched integer;
BEGIN
  UPDATE {{schema}}.accounts SET version = version + 1
   WHERE id = (p->>'memberAccountId')::bigint AND version = (p->>'expectedVersion')::bigint;
  GET DIAGNOSTICS touched = ROW_COUNT;
  IF touched = 0 THEN
    RAISE EXCEPTION 'the member account changed since it was read' USING ERRCODE = '40001';
  END IF;

  FOR posting IN SELECT value FROM jsonb_array_elements(p->'postings') WITH ORDINALITY AS posted (value, position) ORDER BY position LOOP
    INSERT INTO {{schema}}.transactions (id, merchant_code, cause, cause_ref, actor, idempotency_key, request_hash, response)
    VALUES ((posting->>'id')::uuid, posting->>'merchantCode', posting->>'cause', posting->>'causeRef', posting->>'actor',
            posting->>'idempotencyKey', posting->>'requestHash', jsonb_build_object('transactionId', posting->>'id'));
    -- Rows are locked in account id order, the same order postTransaction uses, so no two writers wait on each other in a circle.
    FOR leg IN SELECT value FROM jsonb_array_elements(posting->'legs') ORDER BY (value->>'accountId')::bigint LOOP
      UPDATE {{schema}}.accounts
         SET balance_minor = balance_minor + (leg->>'amountMinor')::bigint, version = version + 1
       WHERE id = (leg->>'accountId')::bigint AND currency = leg->>'currency'
      RETURNING balance_minor INTO after_minor;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'account % in % not found', leg->>'accountId', leg->>'currency';
      END IF;
      INSERT INTO {{schema}}.entries (transaction_id, account_id, currency, amount_minor, balance_after_minor)
      VALUES ((posting->>'id')::uuid, (leg->>'accountId')::bigint, leg->>'currency', (leg->>'amountMinor')::bigint, after_minor);
    END LOOP;
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
