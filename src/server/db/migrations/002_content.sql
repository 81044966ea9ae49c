-- Content hub: tags, articles (English and Spanish versions), content pages with their widgets.

CREATE TABLE content_tags (
  tag_key    text PRIMARY KEY CHECK (tag_key ~ '^[a-z0-9-]{1,60}$'),
  label_en   text NOT NULL,
  label_es   text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE articles (
  article_route text PRIMARY KEY CHECK (article_route ~ '^[a-z0-9-]{1,120}$'),
  layout        text NOT NULL DEFAULT 'standard' CHECK (layout IN ('standard', 'wide')),
  author        text NOT NULL,
  published_on  date NOT NULL,
  status        text NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published')),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  updated_by    text
);

CREATE TABLE article_translations (
  article_route text NOT NULL REFERENCES articles(article_route) ON DELETE CASCADE,
  lang          char(2) NOT NULL CHECK (lang IN ('en', 'es')),
  title         text NOT NULL,
  summary       text NOT NULL,
  body_md       text NOT NULL,
  PRIMARY KEY (article_route, lang)
);

CREATE TABLE article_tags (
  article_route text NOT NULL REFERENCES articles(article_route) ON DELETE CASCADE,
  tag_key       text NOT NULL REFERENCES content_tags(tag_key),
  PRIMARY KEY (article_route, tag_key)
);
CREATE INDEX article_tags_by_tag ON article_tags (tag_key);

CREATE TABLE content_pages (
  endpoint    text NOT NULL CHECK (endpoint ~ '^[A-Za-z0-9-]{1,60}$'),
  lang        char(2) NOT NULL CHECK (lang IN ('en', 'es')),
  page_name   text NOT NULL,
  title       text NOT NULL,
  description text NOT NULL,
  widgets     jsonb NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (endpoint, lang)
);
