-- The inbox: letters to one member and broadcasts to a segment of a brand, with per-member unread counts.

-- Letters. System letters keep their kind and the facts they are about (`params`) and are written in the reader's
-- language when read; `title` and `content` keep the Spanish text (an operator's letter: its Spanish text, and its
-- English one in `title_en` and `content_en`). A deleted letter stays stored but is no longer shown or counted.
ALTER TABLE {{schema}}.messages
  ADD COLUMN kind text NOT NULL DEFAULT 'letter',
  ADD COLUMN params jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN title_en text,
  ADD COLUMN content_en text,
  ADD COLUMN sent_by text,
  ADD COLUMN deleted_at timestamptz;
DROP INDEX {{schema}}.messages_by_member;
CREATE INDEX messages_by_member ON {{schema}}.messages (member_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX messages_unread ON {{schema}}.messages (member_id) WHERE read_at IS NULL AND deleted_at IS NULL;

-- The members the inbox knows, from their registrations: what broadcast segments are resolved against. `version`
-- stamps the member's latest inbox change (microseconds of the database clock, only growing).
CREATE TABLE {{schema}}.inbox_members (
  member_id bigint PRIMARY KEY,
  merchant_code text NOT NULL,
  type integer NOT NULL DEFAULT 0,
  vip_level integer NOT NULL DEFAULT 0,
  registered_at timestamptz,
  version bigint NOT NULL DEFAULT 0
);
CREATE INDEX inbox_members_by_brand ON {{schema}}.inbox_members (merchant_code, member_id);

-- Broadcasts, one row each whatever the segment's size: the whole brand, some VIP levels, the agents, or a list of
-- members. `version` stamps sending and withdrawal (see inbox_members.version). `origin` keeps seeded ones single.
CREATE TABLE {{schema}}.broadcasts (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  segment text NOT NULL CHECK (segment IN ('brand', 'vip', 'agents', 'members')),
  vip_levels integer[],
  member_ids bigint[],
  title_es text NOT NULL,
  title_en text,
  content_es text NOT NULL,
  content_en text,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  withdrawn_at timestamptz,
  withdrawn_by text,
  version bigint NOT NULL,
  origin text UNIQUE
);
CREATE INDEX broadcasts_by_brand ON {{schema}}.broadcasts (merchant_code, created_at DESC, id DESC);

-- A member's state of a broadcast, written only when they read or delete it: no row means unread.
CREATE TABLE {{schema}}.broadcast_states (
  member_id bigint NOT NULL,
  broadcast_id bigint NOT NULL REFERENCES {{schema}}.broadcasts (id),
  read_at timestamptz,
  deleted_at timestamptz,
  PRIMARY KEY (member_id, broadcast_id)
);
CREATE INDEX broadcast_states_by_broadcast ON {{schema}}.broadcast_states (broadcast_id);
