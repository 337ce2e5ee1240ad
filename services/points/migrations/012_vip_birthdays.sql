-- Birthdays for the VIP birthday bonus: saved once by the member. `month_day` (MM-dd) finds a day's birthdays; a
-- 29 February birthday is kept as 02-29 and is celebrated on 28 February in other years.
CREATE TABLE {{schema}}.vip_birthdays (
  member_id bigint PRIMARY KEY,
  merchant_code text NOT NULL,
  birthday date NOT NULL,
  month_day text NOT NULL,
  -- The first day (brand time) whose birthday brings a bonus: birthdays saved shortly before cannot be claimed at once.
  bonus_from date NOT NULL,
  saved_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vip_birthdays_by_day ON {{schema}}.vip_birthdays (merchant_code, month_day);

ALTER TABLE {{schema}}.vip_runs DROP CONSTRAINT vip_runs_kind_check;
ALTER TABLE {{schema}}.vip_runs ADD CONSTRAINT vip_runs_kind_check CHECK (kind IN ('review', 'rebate', 'birthday'));
