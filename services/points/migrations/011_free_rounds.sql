-- Free rounds on the house slots: a promotion kind whose claim gives spins through the house and whose spins' wins
-- come back as a bonus.
ALTER TABLE {{schema}}.promotions DROP CONSTRAINT promotions_kind_check;
ALTER TABLE {{schema}}.promotions ADD CONSTRAINT promotions_kind_check
  CHECK (kind IN ('deposit_match', 'cash_bonus', 'free_rounds', 'cashback', 'application', 'referral', 'raffle', 'tournament'));

-- Free rounds that won nothing record a win of 0 on the participation.
ALTER TABLE {{schema}}.promotion_participations DROP CONSTRAINT promotion_participations_bonus_minor_check;
ALTER TABLE {{schema}}.promotion_participations ADD CONSTRAINT promotion_participations_bonus_minor_check CHECK (bonus_minor >= 0);
