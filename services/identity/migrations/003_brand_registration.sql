-- The registration form's profile fields, kept on the member. mobile_num is the national number and
-- country_dialing_code its dialing code, both digits only; other areas read them with the same names.
ALTER TABLE {{schema}}.members ADD COLUMN IF NOT EXISTS email text;
ALTER TABLE {{schema}}.members ADD COLUMN IF NOT EXISTS mobile_num text;
ALTER TABLE {{schema}}.members ADD COLUMN IF NOT EXISTS country_dialing_code text;
ALTER TABLE {{schema}}.members ADD COLUMN payee_name text;
ALTER TABLE {{schema}}.members ADD COLUMN qq_num text;
ALTER TABLE {{schema}}.members ADD COLUMN line text;
ALTER TABLE {{schema}}.members ADD COLUMN whatsapp text;
ALTER TABLE {{schema}}.members ADD COLUMN facebook text;
ALTER TABLE {{schema}}.members ADD COLUMN wechat text;
ALTER TABLE {{schema}}.members ADD COLUMN id_number text;
ALTER TABLE {{schema}}.members ADD COLUMN recommender_id text;
-- The invitation codes given at registration, as typed; upline_id / referred_by_id hold whom they resolved to.
ALTER TABLE {{schema}}.members ADD COLUMN affiliate_code_used text;
ALTER TABLE {{schema}}.members ADD COLUMN referral_code_used text;
ALTER TABLE {{schema}}.members ADD COLUMN referred_by_id bigint REFERENCES {{schema}}.members (id);
ALTER TABLE {{schema}}.members ADD COLUMN register_domain text;
ALTER TABLE {{schema}}.members ADD COLUMN terms_accepted_at timestamptz;

-- One member per phone and brand: SMS sign-in and password reset find the member by this number.
CREATE UNIQUE INDEX members_unique_mobile ON {{schema}}.members (merchant_code, country_dialing_code, mobile_num) WHERE mobile_num IS NOT NULL;
