-- 003_points_mall: tables of this part of the points service.
SELECT 1;
