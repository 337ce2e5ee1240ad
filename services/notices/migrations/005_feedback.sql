-- Feedback and complaints. `status`: open while it waits for the operator, replied once answered (a follow-up from
-- the member opens it again), closed when the operator closes it. Texts are plain, stored trimmed.
CREATE TABLE {{schema}}.feedback (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id bigint NOT NULL,
  account text NOT NULL,
  type text NOT NULL CHECK (type IN ('suggestion', 'complaint', 'deposit', 'withdrawal', 'game', 'account', 'other')),
  content text NOT NULL CHECK (char_length(content) <= 10000),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'replied', 'closed')),
  -- Marks the demo brand's seeded submissions, so seeding twice writes them once.
  origin text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  closed_by text
);
CREATE INDEX feedback_by_member ON {{schema}}.feedback (member_id, created_at DESC, id DESC);
CREATE INDEX feedback_by_status ON {{schema}}.feedback (status, created_at DESC, id DESC);

-- The images of a submission, in the order sent: re-encoded without metadata and kept in the file store under `file_key`.
CREATE TABLE {{schema}}.feedback_images (
  feedback_id bigint NOT NULL REFERENCES {{schema}}.feedback (id),
  position smallint NOT NULL CHECK (position BETWEEN 1 AND 3),
  file_key text NOT NULL UNIQUE,
  width integer NOT NULL,
  height integer NOT NULL,
  PRIMARY KEY (feedback_id, position)
);

-- The conversation under a submission: the operators' replies and the member's follow-ups, oldest first.
CREATE TABLE {{schema}}.feedback_replies (
  id bigserial PRIMARY KEY,
  feedback_id bigint NOT NULL REFERENCES {{schema}}.feedback (id),
  sender text NOT NULL CHECK (sender IN ('member', 'operator')),
  operator_name text,
  text text NOT NULL CHECK (char_length(text) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedback_replies_by_feedback ON {{schema}}.feedback_replies (feedback_id, id);
