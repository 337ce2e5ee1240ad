-- A brand's content: notices (banners, player notices, popups, promotions, help notices), the help centre and the
-- licence. Rich text is stored sanitised; texts are per language in child tables.

-- Images uploaded for content (stored in the file store under `key`, resized and stripped of metadata).
CREATE TABLE {{schema}}.content_images (
  key text PRIMARY KEY,
  width integer NOT NULL,
  height integer NOT NULL,
  uploaded_by text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE {{schema}}.notices (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  type text NOT NULL CHECK (type IN ('B', 'PL', 'PU', 'PR', 'H')),
  audiences text[] NOT NULL DEFAULT '{guest,member,agent}' CHECK (audiences <@ '{guest,member,agent}' AND cardinality(audiences) > 0),
  min_vip_level integer NOT NULL DEFAULT 0 CHECK (min_vip_level >= 0),
  execution text CHECK (execution IN ('A', 'B', 'F')),
  group_name text CHECK (group_name IN ('w_login', 'w_reg', 'w_forget', 'w_home', 'w_leftmenu')),
  image_key text REFERENCES {{schema}}.content_images (key),
  linkage_type text NOT NULL DEFAULT 'NONE' CHECK (linkage_type IN ('NONE', 'GAME', 'PROMOTION', 'PAGE', 'URL')),
  link_target text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  starts_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz,
  status text NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published')),
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at IS NULL OR ends_at > starts_at),
  CHECK ((type = 'B') = (group_name IS NOT NULL)),
  CHECK ((type = 'PU') = (execution IS NOT NULL))
);
-- The notices call reads a brand's published notices that have not ended.
CREATE INDEX notices_shown ON {{schema}}.notices (merchant_code, sort, id) WHERE status = 'published';
CREATE INDEX notices_by_brand ON {{schema}}.notices (merchant_code, starts_at DESC, id DESC);

CREATE TABLE {{schema}}.notice_texts (
  notice_id bigint NOT NULL REFERENCES {{schema}}.notices (id) ON DELETE CASCADE,
  language text NOT NULL,
  title text NOT NULL CHECK (title <> ''),
  content text NOT NULL,
  PRIMARY KEY (notice_id, language)
);

CREATE TABLE {{schema}}.help_categories (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX help_categories_by_brand ON {{schema}}.help_categories (merchant_code, sort, id);

CREATE TABLE {{schema}}.help_category_texts (
  category_id bigint NOT NULL REFERENCES {{schema}}.help_categories (id) ON DELETE CASCADE,
  language text NOT NULL,
  title text NOT NULL CHECK (title <> ''),
  PRIMARY KEY (category_id, language)
);

-- `terms` marks the brand's terms and conditions (opened by /help#term): one article per brand at most.
CREATE TABLE {{schema}}.help_articles (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  category_id bigint NOT NULL REFERENCES {{schema}}.help_categories (id),
  sort integer NOT NULL DEFAULT 0,
  terms boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX help_articles_by_category ON {{schema}}.help_articles (category_id, sort, id);
CREATE UNIQUE INDEX help_articles_one_terms ON {{schema}}.help_articles (merchant_code) WHERE terms;

-- `search_text`: the title and the plain text, lower case and without accents, for the help-centre search.
CREATE TABLE {{schema}}.help_article_texts (
  article_id bigint NOT NULL REFERENCES {{schema}}.help_articles (id) ON DELETE CASCADE,
  language text NOT NULL,
  title text NOT NULL CHECK (title <> ''),
  content text NOT NULL,
  search_title text NOT NULL,
  search_text text NOT NULL,
  PRIMARY KEY (article_id, language)
);

-- The brand's licence: an image and a text per language ({"ES": "...", "EN": "..."}).
CREATE TABLE {{schema}}.licences (
  merchant_code text PRIMARY KEY,
  image_key text REFERENCES {{schema}}.content_images (key),
  texts jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_by text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Demo content written once per brand.
CREATE TABLE {{schema}}.content_seeds (
  name text PRIMARY KEY,
  seeded_at timestamptz NOT NULL DEFAULT now()
);
