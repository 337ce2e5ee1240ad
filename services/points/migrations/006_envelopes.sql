-- 006_envelopes: tables of this part of the points service.
SELECT 1;
