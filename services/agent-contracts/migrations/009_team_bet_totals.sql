-- The betting record's totals over a team (stored bets, cancelled ones included; the settled bets' stakes and wins) kept
-- in the team's hours beside the other sums, so that the team bets page totals a day of a large team from 24 rows
-- instead of reading every bet of the day. The stored bets fill them here, each counted in the team of its member and
-- of every agent above it (the member alone when it has no place in the tree yet), in its UTC hour.
ALTER TABLE {{schema}}.team_hours
  ADD COLUMN record_count integer NOT NULL DEFAULT 0,
  ADD COLUMN stake_minor bigint NOT NULL DEFAULT 0,
  ADD COLUMN win_minor bigint NOT NULL DEFAULT 0;

INSERT INTO {{schema}}.team_hours AS h (agent_id, hour, merchant_code, currency, bet_count, valid_bet_minor, profit_minor, record_count, stake_minor, win_minor)
SELECT lineage.agent_id, per_member.hour, min(per_member.merchant_code), min(per_member.currency), 0, 0, 0,
       sum(per_member.records), sum(per_member.stake_minor), sum(per_member.win_minor)
  FROM (SELECT b.member_id, to_timestamp(floor(extract(epoch FROM b.settled_at) / 3600) * 3600) AS hour,
               min(b.merchant_code) AS merchant_code, min(b.currency) AS currency, count(*) AS records,
               coalesce(sum(b.bet_minor) FILTER (WHERE b.state = 'settled'), 0) AS stake_minor,
               coalesce(sum(b.win_minor) FILTER (WHERE b.state = 'settled'), 0) AS win_minor
          FROM {{schema}}.team_bets b
         GROUP BY b.member_id, 2) AS per_member
  LEFT JOIN {{schema}}.agent_tree t ON t.member_id = per_member.member_id
 CROSS JOIN LATERAL (SELECT id::bigint AS agent_id
                       FROM unnest(CASE WHEN t.path IS NULL THEN ARRAY[per_member.member_id::text]
                                        ELSE string_to_array(trim(BOTH '/' FROM t.path), '/') END) AS id) AS lineage
 GROUP BY lineage.agent_id, per_member.hour
    ON CONFLICT (agent_id, hour) DO UPDATE SET record_count = EXCLUDED.record_count, stake_minor = EXCLUDED.stake_minor, win_minor = EXCLUDED.win_minor;
