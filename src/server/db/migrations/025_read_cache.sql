-- Issue 19: the signed-in calls' hot reads (the caller's users row and agency list) are kept in memory
-- (src/server/services/read-cache.ts). The database itself says when they change, whichever code or tool wrote
-- them: every change of users and user_agencies notifies the user's id on channel 'portal_cache', and every
-- change of agencies notifies '*' (every cached list may name the agency).
-- (The migration runner splits statements at a semicolon that ends a line: inside these bodies none does.)
CREATE OR REPLACE FUNCTION portal_cache_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('portal_cache', 'u:' || OLD.id::text); END IF; IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('portal_cache', 'u:' || NEW.id::text); END IF; RETURN NULL; END
$$;

CREATE OR REPLACE FUNCTION portal_cache_user_agency_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('portal_cache', 'u:' || OLD.user_id::text); END IF; IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('portal_cache', 'u:' || NEW.user_id::text); END IF; RETURN NULL; END
$$;

CREATE OR REPLACE FUNCTION portal_cache_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM pg_notify('portal_cache', '*'); RETURN NULL; END
$$;

CREATE TRIGGER users_cache AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION portal_cache_user_changed();
CREATE TRIGGER user_agencies_cache AFTER INSERT OR UPDATE OR DELETE ON user_agencies FOR EACH ROW EXECUTE FUNCTION portal_cache_user_agency_changed();
CREATE TRIGGER agencies_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON agencies FOR EACH STATEMENT EXECUTE FUNCTION portal_cache_all_changed();
CREATE TRIGGER users_cache_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION portal_cache_all_changed();
CREATE TRIGGER user_agencies_cache_truncate AFTER TRUNCATE ON user_agencies FOR EACH STATEMENT EXECUTE FUNCTION portal_cache_all_changed();
