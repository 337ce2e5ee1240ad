-- Every member as a node of the brands' agent trees. `path` is the materialised path from the root, ids between
-- slashes (`/12/57/`), so a downline is one prefix scan. Registrations arrive on per-member keys in any order: a node
-- whose upline (or an ancestor further up) has not arrived yet is stored with path and depth NULL and completed when
-- the missing ancestor registers.
CREATE TABLE {{schema}}.agent_tree (
  member_id bigint PRIMARY KEY,
  merchant_code text NOT NULL,
  account text NOT NULL,
  type integer NOT NULL,
  upline_id bigint,
  path text,
  depth integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT path_and_depth_together CHECK ((path IS NULL) = (depth IS NULL)),
  CONSTRAINT not_own_upline CHECK (upline_id IS NULL OR upline_id <> member_id),
  CONSTRAINT path_ends_with_self CHECK (path IS NULL OR path LIKE '%/' || member_id::text || '/')
);
CREATE INDEX agent_tree_by_path ON {{schema}}.agent_tree (path text_pattern_ops);
CREATE INDEX agent_tree_waiting ON {{schema}}.agent_tree (upline_id) WHERE path IS NULL;

-- One row per member id that a registration touched (its own and its upline's). Locking these rows serialises a
-- member's registration with its upline's, which may not have a tree row yet, so neither can miss the other.
CREATE TABLE {{schema}}.tree_locks (
  member_id bigint PRIMARY KEY
);
