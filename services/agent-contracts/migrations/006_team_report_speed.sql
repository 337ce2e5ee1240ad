-- Team reports of large teams read from indexes alone (no table rows): a team's members by path with what the
-- overview counts (direct members and agents, new members), the members' hourly sums by hour, and the betting record's
-- totals by brand and time.
CREATE INDEX agent_tree_team ON {{schema}}.agent_tree (path text_pattern_ops) INCLUDE (member_id, depth, type, created_at);
DROP INDEX {{schema}}.agent_tree_by_path;

CREATE INDEX member_hours_by_hour ON {{schema}}.member_hours (hour) INCLUDE (member_id, bet_count, valid_bet_minor, profit_minor);

CREATE INDEX team_bets_totals ON {{schema}}.team_bets (merchant_code, settled_at) INCLUDE (member_id, state, game_type, bet_minor, valid_bet_minor, win_minor, profit_minor);
DROP INDEX {{schema}}.team_bets_by_merchant;
