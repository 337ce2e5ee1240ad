-- FISH (issue 6): the house vendor's fishing game, listed in the FISH section of the lobby and at /fish. It opens at
-- /house/house-fish like the other house games; every shot is a provably fair solo round.
INSERT INTO {{schema}}.games (vassalage, game_code, game_type, game_classify, names, is_hot, free_trial, sort_order)
VALUES
  ('HOUSE', 'house-fish', 'FISH', NULL, '{"EN": "Ocean Hunter", "ES": "Cazador del Océano"}'::jsonb, true, false, 30)
ON CONFLICT (vassalage, game_code) DO NOTHING;
