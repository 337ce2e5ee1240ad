-- 005_missions: daily and weekly missions, the members' progress, and the weekly mission leaderboard.

-- A brand's mission settings: the time zone its days and weeks follow, and the weekly leaderboard's metric, size and
-- prize table. A brand without a row counts in UTC, ranks by mission points, shows a top 10 and gives no prizes.
CREATE TABLE {{schema}}.mission_settings (
  merchant_code text PRIMARY KEY,
  time_zone text NOT NULL DEFAULT 'UTC',
  metric text NOT NULL DEFAULT 'points' CHECK (metric IN ('points', 'turnover')),
  size int NOT NULL DEFAULT 10 CHECK (size BETWEEN 1 AND 50),
  currency text NOT NULL DEFAULT 'MXN',
  -- [{ "rank": 1, "kind": "cash" | "bonus" | "points", "amount": "50000" }]
  prizes jsonb NOT NULL DEFAULT '[]'::jsonb,
  updated_by text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE {{schema}}.missions (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  period text NOT NULL CHECK (period IN ('daily', 'weekly')),
  kind text NOT NULL CHECK (kind IN ('bet', 'deposit', 'sign_in', 'rounds')),
  -- The game type bets and rounds must be on; null for every game (always null for deposits and sign-ins).
  category text CHECK (category IS NULL OR kind IN ('bet', 'rounds')),
  -- Minor units (bet, deposit), consecutive days (sign_in) or rounds.
  target bigint NOT NULL CHECK (target > 0),
  reward_kind text NOT NULL CHECK (reward_kind IN ('points', 'bonus', 'cash')),
  -- Points, or minor units of the brand's currency.
  reward_amount bigint NOT NULL CHECK (reward_amount > 0),
  -- What completing it adds to the member's weekly leaderboard score when the brand ranks by mission points.
  mission_points int NOT NULL DEFAULT 0 CHECK (mission_points >= 0),
  title_en text NOT NULL,
  title_es text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  sort int NOT NULL DEFAULT 0,
  -- The demo seed's own name for a mission, so seeding again finds it.
  seed_key text,
  updated_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_code, seed_key)
);
CREATE INDEX missions_by_brand ON {{schema}}.missions (merchant_code, kind) WHERE enabled;

-- A member's progress on a mission in one period (the period's first day in the brand's time zone). `completed_at`
-- is set when progress reaches the target (the reward is then granted into the reward centre) and cleared when a
-- cancelled bet takes the progress back below it before the reward was claimed.
CREATE TABLE {{schema}}.mission_progress (
  mission_id bigint NOT NULL REFERENCES {{schema}}.missions (id),
  member_id bigint NOT NULL,
  period_start date NOT NULL,
  merchant_code text NOT NULL,
  progress bigint NOT NULL DEFAULT 0,
  completed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (mission_id, member_id, period_start)
);
CREATE INDEX mission_progress_by_member ON {{schema}}.mission_progress (member_id, period_start);

-- Each bet as missions last counted it: the highest revision seen, its valid bet and whether it counted as a round.
-- A later revision applies only the difference; a cancelled one takes back what was counted. `settled_at` is the
-- first settlement's, so every revision counts in the same period.
CREATE TABLE {{schema}}.mission_bets (
  merchant_code text NOT NULL,
  bet_id text NOT NULL,
  member_id bigint NOT NULL,
  game_type text NOT NULL,
  revision int NOT NULL,
  valid_bet bigint NOT NULL,
  rounds int NOT NULL CHECK (rounds IN (0, 1)),
  settled_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_code, bet_id)
);

-- A member's run of consecutive sign-in days (brand time zone): the last day and how many days up to it.
CREATE TABLE {{schema}}.mission_streaks (
  member_id bigint PRIMARY KEY,
  merchant_code text NOT NULL,
  last_day date NOT NULL,
  streak int NOT NULL CHECK (streak > 0)
);

-- Members' account names, for the leaderboard (shown masked); from registrations and settled bets.
CREATE TABLE {{schema}}.mission_members (
  member_id bigint PRIMARY KEY,
  merchant_code text NOT NULL,
  account text NOT NULL
);

-- The weekly leaderboard: a member's mission points and valid bet (minor units) in a week, and when each last grew:
-- equal scores go to who reached them first. The brand's setting chooses which one ranks.
CREATE TABLE {{schema}}.mission_leaderboard (
  merchant_code text NOT NULL,
  week_start date NOT NULL,
  member_id bigint NOT NULL,
  points bigint NOT NULL DEFAULT 0,
  points_at timestamptz NOT NULL,
  turnover bigint NOT NULL DEFAULT 0,
  turnover_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_code, week_start, member_id)
);
CREATE INDEX mission_leaderboard_by_points ON {{schema}}.mission_leaderboard (merchant_code, week_start, points DESC, points_at, member_id);
CREATE INDEX mission_leaderboard_by_turnover ON {{schema}}.mission_leaderboard (merchant_code, week_start, turnover DESC, turnover_at, member_id);

-- Weeks whose prize table was granted: once per brand and week.
CREATE TABLE {{schema}}.mission_leaderboard_awards (
  merchant_code text NOT NULL,
  week_start date NOT NULL,
  awarded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, week_start)
);
