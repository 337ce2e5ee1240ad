-- The vendor's own picture for a game's tile, set by the operator: an https URL or a path on the site's own origin.
-- Without one the tile shows the art the games service draws, which also stands in when the picture does not load.
-- The API checks the URL in full; the check here keeps anything else out of the column whatever writes it.
ALTER TABLE {{schema}}.games ADD COLUMN image_url text
  CHECK (image_url IS NULL OR (length(image_url) <= 500 AND (image_url LIKE 'https://%' OR (image_url LIKE '/%' AND image_url NOT LIKE '//%'))));
