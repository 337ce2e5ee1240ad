-- House core (issue 6, part 1): the house vendor's solo games. Dice, Mines and Plinko may already be in the demo
-- catalogue; an installation without the demo gets them here, with the two video slots. They open at /house/<code>.
INSERT INTO {{schema}}.games (vassalage, game_code, game_type, game_classify, names, is_hot, free_trial, sort_order)
VALUES
  ('HOUSE', 'house-dice', 'RNG', 'AC', '{"EN": "Dice", "ES": "Dados"}'::jsonb, true, false, 0),
  ('HOUSE', 'house-mines', 'RNG', 'AC', '{"EN": "Mines", "ES": "Minas"}'::jsonb, false, false, 2),
  ('HOUSE', 'house-plinko', 'RNG', 'AC', '{"EN": "Plinko", "ES": "Plinko"}'::jsonb, false, false, 3),
  ('HOUSE', 'house-slot-pharaoh', 'RNG', 'SC', '{"EN": "Pharaoh''s Fortune", "ES": "La Fortuna del Faraón"}'::jsonb, true, false, 10),
  ('HOUSE', 'house-slot-fruits', 'RNG', 'SC', '{"EN": "Fruit Party", "ES": "Fiesta de Frutas"}'::jsonb, false, false, 11)
ON CONFLICT (vassalage, game_code) DO NOTHING;
