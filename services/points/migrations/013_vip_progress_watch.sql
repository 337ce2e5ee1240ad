-- Members looking at their VIP progress: reading the VIP page opens a watch, and only watched members get
-- `vipProgress` pushes, so the bars move live for whoever has the page open without a push per bet for everyone.
ALTER TABLE {{schema}}.vip_members ADD COLUMN progress_watch_until timestamptz;
