-- Draws lottery vendors report (POST /api/vendor/v1/lottery-draws): one row per (vendor, game, draw number), never
-- changed once stored, so a repeated report is recognised and a different result for the same draw is refused.
CREATE TABLE {{schema}}.lottery_draws (
  vassalage text NOT NULL REFERENCES {{schema}}.vendors (vassalage),
  game_code text NOT NULL,
  draw_no text NOT NULL,
  -- ["3", "0", "7"]: the drawn numbers in drawing order, as the vendor wrote them.
  numbers jsonb NOT NULL CHECK (jsonb_typeof(numbers) = 'array'),
  drawn_at timestamptz NOT NULL,
  reported_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (vassalage, game_code, draw_no),
  FOREIGN KEY (vassalage, game_code) REFERENCES {{schema}}.games (vassalage, game_code)
);
-- The opened-numbers calls read one game's draws newest first.
CREATE INDEX lottery_draws_newest ON {{schema}}.lottery_draws (game_code, drawn_at DESC, draw_no DESC);

-- The launch-token exchange hands the vendor the player as they launched: currency and language of that moment, and
-- the account name, without a call to the identity service.
ALTER TABLE {{schema}}.launch_tokens
  ADD COLUMN account text,
  ADD COLUMN currency text,
  ADD COLUMN language text;
