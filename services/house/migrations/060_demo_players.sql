-- Simulated players of the demo brand: members of its demo team who play the house's instant games on their own, so a
-- fresh install's winner board and jackpot move. Off for every real brand (HOUSE_DEMO_PLAYERS, demo brand only).
CREATE TABLE {{schema}}.demo_players (
  member_id text PRIMARY KEY,
  merchant_code text NOT NULL,
  currency text NOT NULL,
  rounds bigint NOT NULL DEFAULT 0,
  top_ups integer NOT NULL DEFAULT 0
);

-- One runner per cluster plays for them (a lease, like the sportsbook's runner).
CREATE TABLE {{schema}}.demo_players_runner (
  table_id text PRIMARY KEY,
  lease_owner text,
  lease_until timestamptz
);
INSERT INTO {{schema}}.demo_players_runner (table_id) VALUES ('demo-players');
