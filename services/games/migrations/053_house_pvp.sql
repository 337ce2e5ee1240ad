-- House PVP (issue 6): the house vendor's multiplayer card game, in the PVP lobby section and /pvp; no free trial.
INSERT INTO {{schema}}.games (vassalage, game_code, game_type, game_classify, names, is_hot, free_trial, sort_order)
VALUES ('HOUSE', 'house-teen-patti', 'PVP', NULL, '{"EN": "Teen Patti", "ES": "Teen Patti"}'::jsonb, false, false, 30)
ON CONFLICT (vassalage, game_code) DO NOTHING;
