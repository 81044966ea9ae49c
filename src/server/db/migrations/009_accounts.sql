-- Accounts (issue 14): the identity store the embedded provider signs in, registration, verification and
-- password links. docs/decisions/018-identity-store-and-one-time-links.md.

-- STAGED: registered, email not verified, no password (cannot sign in). ACTIVE: may sign in.
-- DEPROVISIONED: switched off (cannot sign in). Every user that existed before is ACTIVE.
ALTER TABLE users ADD COLUMN status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('STAGED', 'ACTIVE', 'DEPROVISIONED'));
-- Profile fields registration takes that users lacked.
ALTER TABLE users ADD COLUMN title text;
ALTER TABLE users ADD COLUMN second_phone_number text;
ALTER TABLE users ADD COLUMN password_changed_at timestamptz;

-- Single-use links (verify 24 h, reset 1 h) and sign-in tickets (2 min). Only the SHA-256 of the token
-- (base64url) is stored; the token itself exists only in the email or the browser.
CREATE TABLE one_time_links (
  id          bigserial PRIMARY KEY,
  token_hash  text NOT NULL UNIQUE,
  purpose     text NOT NULL CHECK (purpose IN ('verify', 'reset', 'signin')),
  user_id     text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX one_time_links_user ON one_time_links (user_id, purpose);

-- Groups as the identity store knows them (the spec's Okta groups); a group maps to a dashboard role.
CREATE TABLE groups (
  name                text PRIMARY KEY,
  dashboard_user_role text NOT NULL CHECK (dashboard_user_role IN ('SFAD_Agent','SFAD_Admin','SFAD_InternalAdmin','SFAD_CEAdmin')),
  is_default          boolean NOT NULL DEFAULT false
);
INSERT INTO groups (name, dashboard_user_role, is_default) VALUES
  ('SFAD_Agent', 'SFAD_Agent', true),
  ('SFAD_Admin', 'SFAD_Admin', false),
  ('SFAD_InternalAdmin', 'SFAD_InternalAdmin', false),
  ('SFAD_CEAdmin', 'SFAD_CEAdmin', false);

CREATE TABLE user_groups (
  user_id    text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  group_name text NOT NULL REFERENCES groups(name),
  PRIMARY KEY (user_id, group_name)
);
