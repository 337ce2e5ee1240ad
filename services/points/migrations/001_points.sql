-- One points account per member, opened at registration. Points are whole numbers; the CHECK, not application code,
-- keeps an account from going below zero.
CREATE TABLE {{schema}}.point_accounts (
  member_id bigint PRIMARY KEY,
  merchant_code text NOT NULL,
  points bigint NOT NULL DEFAULT 0 CONSTRAINT points_not_negative CHECK (points >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Every change of an account's points with its reason; the account's running total must equal the sum of its entries.
CREATE TABLE {{schema}}.point_entries (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES {{schema}}.point_accounts (member_id),
  change bigint NOT NULL CHECK (change <> 0),
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX point_entries_by_member ON {{schema}}.point_entries (member_id, id);

CREATE FUNCTION {{schema}}.refuse_point_entry_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'point entries are append-only (% on %)', TG_OP, TG_TABLE_NAME;
END
$$;
CREATE TRIGGER point_entries_append_only BEFORE UPDATE OR DELETE ON {{schema}}.point_entries
  FOR EACH ROW EXECUTE FUNCTION {{schema}}.refuse_point_entry_change();
