-- House PVP: Teen Patti tables, their seats, hands, the players of each hand and every action (stakes included).
CREATE TABLE {{schema}}.pvp_tables (
  table_id text PRIMARY KEY,
  name text NOT NULL,
  -- Major units of the players' currency.
  boot text NOT NULL,
  max_stake text NOT NULL,
  pot_limit text NOT NULL,
  seats integer NOT NULL CHECK (seats BETWEEN 2 AND 5),
  -- Published: every hand's shuffle is HMAC(serverSeed, clientSeed:handNo:cursor).
  client_seed text NOT NULL,
  next_hand_no integer NOT NULL DEFAULT 1,
  dealer_seat integer NOT NULL DEFAULT 0,
  -- The countdown to the next hand, while two or more are seated and no hand is in play.
  starts_at timestamptz,
  -- One runner per table across instances: whoever holds an unexpired lease deals and keeps the clock.
  lease_owner text,
  lease_until timestamptz
);

CREATE TABLE {{schema}}.pvp_seats (
  table_id text NOT NULL REFERENCES {{schema}}.pvp_tables (table_id),
  seat_no integer NOT NULL,
  member_id text NOT NULL,
  merchant_code text NOT NULL,
  currency text NOT NULL,
  -- The masked account name shown to the table.
  player text NOT NULL,
  sat_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (table_id, seat_no),
  UNIQUE (table_id, member_id)
);

-- booting: the boots are being taken; playing: turns; settling: decided, the win is being paid; settled / refunded: final.
CREATE TABLE {{schema}}.pvp_hands (
  hand_id text PRIMARY KEY,
  table_id text NOT NULL REFERENCES {{schema}}.pvp_tables (table_id),
  hand_no integer NOT NULL,
  status text NOT NULL CHECK (status IN ('booting', 'playing', 'settling', 'settled', 'refunded')),
  currency text NOT NULL,
  dealer_seat integer NOT NULL,
  turn_seat integer,
  turn_deadline timestamptz,
  stake_minor bigint NOT NULL,
  pot_minor bigint NOT NULL DEFAULT 0,
  -- The house's take of the hand: the part of the stakes not paid out.
  rake_minor bigint,
  payout_minor bigint,
  winner_seat integer,
  ended_by text CHECK (ended_by IN ('pack', 'show', 'pot-limit', 'refund')),
  -- Secret until the hand is over; its hash is shown when the hand starts.
  server_seed text NOT NULL,
  seed_hash text NOT NULL,
  client_seed text NOT NULL,
  next_seq integer NOT NULL DEFAULT 1,
  -- A stake whose wallet debit is on its way: nobody else acts and the clock waits until it lands or is refused.
  pending_seq integer,
  started_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  UNIQUE (table_id, hand_no)
);
CREATE INDEX pvp_hands_open ON {{schema}}.pvp_hands (table_id) WHERE status IN ('booting', 'playing', 'settling');

CREATE TABLE {{schema}}.pvp_hand_players (
  hand_id text NOT NULL REFERENCES {{schema}}.pvp_hands (hand_id),
  seat_no integer NOT NULL,
  -- Position in turn order (0 is the dealer's left).
  turn_order integer NOT NULL,
  member_id text NOT NULL,
  merchant_code text NOT NULL,
  currency text NOT NULL,
  player text NOT NULL,
  cards jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'packed', 'won', 'lost', 'refunded')),
  staked_minor bigint NOT NULL DEFAULT 0,
  payout_minor bigint NOT NULL DEFAULT 0,
  -- Shown to everyone (a show or the pot limit).
  shown boolean NOT NULL DEFAULT false,
  timed_out boolean NOT NULL DEFAULT false,
  PRIMARY KEY (hand_id, seat_no)
);
CREATE INDEX pvp_hand_players_member ON {{schema}}.pvp_hand_players (member_id);

-- Every action of a hand in order; a stake's wallet debit id is derived from the hand id and `seq`.
CREATE TABLE {{schema}}.pvp_actions (
  hand_id text NOT NULL REFERENCES {{schema}}.pvp_hands (hand_id),
  seq integer NOT NULL,
  seat_no integer NOT NULL,
  member_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('boot', 'chaal', 'raise', 'pack', 'show', 'timeout')),
  amount_minor bigint NOT NULL DEFAULT 0,
  -- The client's request id: a replay answers the first action.
  request_id text,
  status text NOT NULL CHECK (status IN ('pending', 'done', 'refunded')),
  wallet_tx text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (hand_id, seq)
);
CREATE UNIQUE INDEX pvp_actions_request ON {{schema}}.pvp_actions (hand_id, member_id, request_id) WHERE request_id IS NOT NULL;
