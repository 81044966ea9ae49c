-- Issue 19: the work-order list pages and the content search answers are kept in memory on PGlite
-- (src/server/services/read-cache.ts, decision 039), cleared by the database on every change of what they read:
-- 'lists' for the orders, their referrals, surveys, recalibrations and shops (users and agencies already notify, 025);
-- 'content' for the articles, their translations and tags. Statement-level: one notification per statement.
CREATE OR REPLACE FUNCTION portal_cache_lists_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM pg_notify('portal_cache', 'lists'); RETURN NULL; END
$$;

CREATE OR REPLACE FUNCTION portal_cache_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM pg_notify('portal_cache', 'content'); RETURN NULL; END
$$;

CREATE TRIGGER work_orders_lists_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON work_orders FOR EACH STATEMENT EXECUTE FUNCTION portal_cache_lists_changed();
CREATE TRIGGER referrals_lists_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON referrals FOR EACH STATEMENT EXECUTE FUNCTION portal_cache_lists_changed();
CREATE TRIGGER work_order_surveys_lists_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON work_order_surveys FOR EACH STATEMENT EXECUTE FUNCTION portal_cache_lists_changed();
CREATE TRIGGER work_order_recalibrations_lists_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON work_order_recalibrations FOR EACH STATEMENT EXECUTE FUNCTION portal_cache_lists_changed();
CREATE TRIGGER program_shops_lists_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON program_shops FOR EACH STATEMENT EXECUTE FUNCTION portal_cache_lists_changed();
CREATE TRIGGER articles_content_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON articles FOR EACH STATEMENT EXECUTE FUNCTION portal_cache_content_changed();
CREATE TRIGGER article_translations_content_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON article_translations FOR EACH STATEMENT EXECUTE FUNCTION portal_cache_content_changed();
CREATE TRIGGER article_tags_content_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON article_tags FOR EACH STATEMENT EXECUTE FUNCTION portal_cache_content_changed();
