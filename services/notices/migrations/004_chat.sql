-- The support chat. A member has at most one open conversation; closed ones stay as history. `awaiting_reply` is set
-- while the member wrote last, `away_noted` once the "an agent will answer soon" line was stored in this waiting
-- period (both clear when an operator answers). The unread counts are per side.
CREATE TABLE {{schema}}.chat_conversations (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id bigint NOT NULL,
  account text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  awaiting_reply boolean NOT NULL DEFAULT false,
  away_noted boolean NOT NULL DEFAULT false,
  member_unread integer NOT NULL DEFAULT 0,
  operator_unread integer NOT NULL DEFAULT 0,
  operator_name text,
  last_message text,
  last_message_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz
);
CREATE UNIQUE INDEX chat_conversations_one_open ON {{schema}}.chat_conversations (member_id) WHERE status = 'open';
CREATE INDEX chat_conversations_by_member ON {{schema}}.chat_conversations (member_id, id);
CREATE INDEX chat_conversations_queue ON {{schema}}.chat_conversations (status, awaiting_reply, last_message_at);

-- Messages: plain text (never HTML), or a system line's notice code. `client_message_id` is the sender's own id of a
-- message, so a resend is stored once.
CREATE TABLE {{schema}}.chat_messages (
  id bigserial PRIMARY KEY,
  conversation_id bigint NOT NULL REFERENCES {{schema}}.chat_conversations (id),
  member_id bigint NOT NULL,
  sender text NOT NULL CHECK (sender IN ('member', 'operator', 'system')),
  operator_name text,
  text text NOT NULL CHECK (char_length(text) <= 1000),
  notice text CHECK (notice IN ('away', 'closed')),
  client_message_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (conversation_id, sender, client_message_id)
);
CREATE INDEX chat_messages_by_member ON {{schema}}.chat_messages (member_id, id);
CREATE INDEX chat_messages_by_conversation ON {{schema}}.chat_messages (conversation_id, id);
CREATE INDEX chat_messages_by_client_id ON {{schema}}.chat_messages (member_id, client_message_id) WHERE client_message_id IS NOT NULL;
