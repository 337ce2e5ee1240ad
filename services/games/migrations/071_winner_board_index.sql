-- The winner board reads a brand's biggest wins in order and stops at the board's length, instead of sorting every
-- win of the day on each settled bet.
CREATE INDEX settled_bets_biggest_wins ON {{schema}}.settled_bets (merchant_code, win_amount_minor DESC, settled_at DESC, bet_id) WHERE win_amount_minor > 0;
