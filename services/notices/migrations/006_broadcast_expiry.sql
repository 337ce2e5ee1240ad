-- A broadcast stops counting when it expires; its members' counts are then announced again (`inbox.broadcast`, change
-- `expired`). `expiry_announced_at` is set in the transaction that writes that announcement, so it is written once
-- however many notices processes watch for expiries.
ALTER TABLE {{schema}}.broadcasts ADD COLUMN expiry_announced_at timestamptz;
-- Broadcasts already past their expiry have nothing left to announce.
UPDATE {{schema}}.broadcasts SET expiry_announced_at = expires_at WHERE expires_at <= now();
CREATE INDEX broadcasts_expiring ON {{schema}}.broadcasts (expires_at)
  WHERE expires_at IS NOT NULL AND expiry_announced_at IS NULL AND withdrawn_at IS NULL;
