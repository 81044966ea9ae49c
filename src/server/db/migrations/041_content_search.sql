-- Issue 19: content search by a full-text index instead of a LIKE scan of every article's text. Each translation
-- keeps its words as a tsvector in its language's configuration (English or Spanish: stemmed, stop words dropped),
-- weighted title A, summary B, text D, plus the unstemmed words ('simple'), so that a word being typed matches as a
-- prefix of the word as written (a stem can be shorter than the word: 'recalibrati' is no prefix of 'recalibr').
-- One GIN index; PostgreSQL and PGlite alike.
ALTER TABLE article_translations ADD COLUMN search_doc tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector(CASE lang WHEN 'es' THEN 'spanish'::regconfig ELSE 'english'::regconfig END, title), 'A')
  || setweight(to_tsvector(CASE lang WHEN 'es' THEN 'spanish'::regconfig ELSE 'english'::regconfig END, summary), 'B')
  || setweight(to_tsvector(CASE lang WHEN 'es' THEN 'spanish'::regconfig ELSE 'english'::regconfig END, body_md), 'D')
  || setweight(to_tsvector('simple'::regconfig, title || ' ' || summary || ' ' || body_md), 'D')
) STORED;
CREATE INDEX article_translations_search ON article_translations USING gin (search_doc);
