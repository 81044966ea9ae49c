-- Session revocation (issue 14): a password reset or change, a deactivation or an admin's "sign out
-- everywhere" ends every sign-in of the user at once. The provider's stored sessions, grants and refresh
-- tokens are deleted; access tokens are JWTs nobody stores, so each carries the user's session version
-- (claim `sv`) and the API refuses a token whose version is not the current one (define.ts authenticate reads
-- the users row on every call anyway: no extra query).
ALTER TABLE users ADD COLUMN session_version integer NOT NULL DEFAULT 0;

-- The provider's models of one account (sessions, grants, refresh tokens, codes), to delete them together.
CREATE INDEX oidc_models_account ON oidc_models ((payload->>'accountId'));
