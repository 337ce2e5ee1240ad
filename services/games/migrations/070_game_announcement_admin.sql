-- Operators publish and remove game announcements per brand; who published one is kept for the back office.
ALTER TABLE {{schema}}.announcements ADD COLUMN created_by text;
CREATE INDEX announcements_brand_idx ON {{schema}}.announcements (merchant_code, published_at DESC);
