-- An agent's invitation links (agent centre, register centre). A link's code is typed in the register form like a
-- member's referral code; whoever registers with it lands under the agent, as a player ('member') or as an agent
-- ('agent') that starts with the link's contracts ([{ kind, tiers }]). Codes are unique per brand.
CREATE TABLE {{schema}}.invitation_links (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES {{schema}}.merchants (code),
  agent_id bigint NOT NULL REFERENCES {{schema}}.members (id),
  code text NOT NULL,
  type text NOT NULL CHECK (type IN ('member', 'agent')),
  contracts jsonb NOT NULL DEFAULT '[]'::jsonb,
  note text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  registrations integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_code, code)
);
CREATE INDEX invitation_links_by_agent ON {{schema}}.invitation_links (agent_id, created_at DESC, id DESC);

-- The link a member registered through; a link with registrations is disabled, never deleted.
ALTER TABLE {{schema}}.members ADD COLUMN invitation_link_id bigint REFERENCES {{schema}}.invitation_links (id);
