-- Single sign-on for agencies (issue 17): the agencies' own OpenID providers the portal's embedded provider
-- brokers to, the agencies' users' identities there, and the pending sign-ins (state, nonce, PKCE verifier)
-- between the redirect to the agency's provider and its answer. docs/decisions/028-agency-sso.md.

CREATE TABLE agency_idps (
  id                text PRIMARY KEY CHECK (id ~ '^[a-z0-9-]{1,40}$'),
  -- The agency whose users sign in there (NULL: a provider shared by several agencies).
  agency_number     text REFERENCES agencies(agency_number) ON DELETE SET NULL,
  display_name      text NOT NULL,
  issuer            text NOT NULL,
  client_id         text NOT NULL,
  -- The NAME of the environment variable holding the client secret: the secret itself never enters the database.
  client_secret_env text NOT NULL CHECK (client_secret_env ~ '^[A-Z][A-Z0-9_]{0,63}$'),
  -- Lower-case email domains whose users this provider signs in (a JSON array of strings).
  email_domains     jsonb NOT NULL DEFAULT '[]',
  enabled           boolean NOT NULL DEFAULT true,
  created_at        timestamptz NOT NULL DEFAULT now()
);

-- A user's identity at an agency provider (issuer + subject), found again at the next sign-in.
CREATE TABLE sso_identities (
  idp_id     text NOT NULL REFERENCES agency_idps(id) ON DELETE CASCADE,
  subject    text NOT NULL,
  user_id    text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (idp_id, subject)
);
CREATE INDEX sso_identities_user ON sso_identities (user_id);

-- A sign-in sent to an agency provider and not back yet: found by the SHA-256 of its state (never stored
-- plain), bound to the embedded provider's interaction; spent once, 10 minutes at most.
CREATE TABLE sso_pending (
  state_hash      text PRIMARY KEY,
  interaction_uid text NOT NULL,
  idp_id          text NOT NULL REFERENCES agency_idps(id) ON DELETE CASCADE,
  nonce           text NOT NULL,
  code_verifier   text NOT NULL,
  expires_at      timestamptz NOT NULL
);
CREATE INDEX sso_pending_expires ON sso_pending (expires_at);

-- The fixed onboarding agency of spec section 9 (src/lib/api/sso-agency.ts ONBOARDING_AGENCY_NUMBER): SSO users
-- without an agency work under it while their request waits, and swap it for the approved one.
INSERT INTO agencies (agency_number, agency_name, address_line, city, state_code, zip_code)
VALUES ('99000001', 'Agency onboarding (pending approval)', '-', '-', 'OH', '43215')
ON CONFLICT (agency_number) DO NOTHING;

-- Requests filed from sso-agency-flow (User/SubmitSSOAgencyRequest).
ALTER TABLE onboarding_requests ADD COLUMN is_sso boolean NOT NULL DEFAULT false;
