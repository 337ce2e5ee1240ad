-- Internal messages to one member (the spec's station letters). `origin` names what caused a message that must exist
-- only once, such as the welcome letter (`welcome:<member id>`); ordinary messages leave it NULL.
CREATE TABLE {{schema}}.messages (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL,
  merchant_code text NOT NULL,
  title text NOT NULL,
  content text NOT NULL,
  origin text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX messages_by_member ON {{schema}}.messages (member_id, created_at DESC, id DESC);
