-- Game vendors the lobby can show. `vassalage` is the vendor code of the spec's game APIs.
CREATE TABLE {{schema}}.vendors (
  vassalage text PRIMARY KEY,
  display_name text NOT NULL,
  game_type text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0
);

-- The in-house vendor exists on every installation: it needs no contract with a third party.
INSERT INTO {{schema}}.vendors (vassalage, display_name, game_type, enabled, sort_order)
VALUES ('HOUSE', 'House Games', 'RNG', true, 0);

-- One profile per player, opened when the member registers; favourites and recents will hang off it.
CREATE TABLE {{schema}}.player_profiles (
  member_id bigint PRIMARY KEY,
  merchant_code text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
