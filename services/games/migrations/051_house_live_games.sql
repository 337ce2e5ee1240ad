-- House live (issue 6, part 2): the house vendor's shared-round games. Crash and roulette may already be in the demo
-- catalogue; a fresh install without the demo gets them here. The live tables and cockfight offer no free trial.
INSERT INTO {{schema}}.games (vassalage, game_code, game_type, game_classify, names, is_hot, free_trial, sort_order)
VALUES
  ('HOUSE', 'house-crash', 'RNG', 'AC', '{"EN": "Crash", "ES": "Crash"}'::jsonb, false, false, 1),
  ('HOUSE', 'house-roulette', 'LIVE', NULL, '{"EN": "Roulette", "ES": "Ruleta"}'::jsonb, false, false, 5),
  ('HOUSE', 'house-baccarat', 'LIVE', NULL, '{"EN": "Baccarat", "ES": "Baccarat"}'::jsonb, false, false, 20),
  ('HOUSE', 'house-dragon-tiger', 'LIVE', NULL, '{"EN": "Dragon Tiger", "ES": "Dragón Tigre"}'::jsonb, false, false, 21),
  ('HOUSE', 'house-cockfight', 'COCKFIGHT', NULL, '{"EN": "Cockfight", "ES": "Pelea de gallos"}'::jsonb, false, false, 22)
ON CONFLICT (vassalage, game_code) DO NOTHING;
