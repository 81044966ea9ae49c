-- Issue 19 (docs/decisions/036): the pending second step of sign-in (by the provider's interaction uid) and a
-- two-step enrolment started from the profile (by user), kept in the database so that the step that follows may
-- reach any process. Short-lived rows; a new secret being enrolled is encrypted like the TOTP secrets (mfa_secret_key).
CREATE TABLE mfa_pending (
  -- 'signin:<interaction uid>' or 'profile:<user id>'.
  key                text PRIMARY KEY,
  user_id            text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  email              text NOT NULL,
  attempts           integer NOT NULL DEFAULT 0,
  enroll_secret_enc  text,
  expires_at         timestamptz NOT NULL
);
CREATE INDEX mfa_pending_expires ON mfa_pending (expires_at);
