-- Foundation: agencies, users and their links, account managers, reference data,
-- the OpenID provider's storage, secrets, analytics and client errors.

CREATE TABLE account_managers (
  id            serial PRIMARY KEY,
  first_name    text NOT NULL,
  last_name     text NOT NULL,
  phone_number  text NOT NULL,
  email_address text NOT NULL
);

CREATE TABLE agencies (
  agency_number         text PRIMARY KEY,
  agency_name           text NOT NULL,
  address_line          text NOT NULL,
  city                  text NOT NULL,
  state_code            char(2) NOT NULL,
  zip_code              text NOT NULL,
  phone_number          text,
  -- 'D' = dedicated
  priority              char(1),
  parent_account_number text,
  is_cobranded          boolean NOT NULL DEFAULT false,
  client_tag            text UNIQUE,
  account_manager_id    integer REFERENCES account_managers(id),
  created_at            timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id                  text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  email               text NOT NULL,
  password_hash       text,
  first_name          text NOT NULL,
  last_name           text NOT NULL,
  agent_number        text,
  npn_id              text,
  phone_number        text,
  dashboard_user_role text NOT NULL CHECK (dashboard_user_role IN ('SFAD_Agent','SFAD_Admin','SFAD_InternalAdmin','SFAD_CEAdmin')),
  is_sso              boolean NOT NULL DEFAULT false,
  last_login_at       timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_lower ON users (lower(email));

CREATE TABLE user_agencies (
  user_id                         text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  agency_number                   text NOT NULL REFERENCES agencies(agency_number) ON DELETE CASCADE,
  is_default_agency               boolean NOT NULL DEFAULT false,
  show_agency_change_notification boolean NOT NULL DEFAULT false,
  PRIMARY KEY (user_id, agency_number)
);
-- At most one default agency per user.
CREATE UNIQUE INDEX user_agencies_one_default ON user_agencies (user_id) WHERE is_default_agency;

CREATE TABLE states (
  state_code char(2) PRIMARY KEY,
  state_name text NOT NULL
);

CREATE TABLE time_zones (
  time_zone_id       text PRIMARY KEY,
  display_name       text NOT NULL,
  utc_offset_minutes integer NOT NULL
);

-- The embedded OpenID provider's models (sessions, grants, codes, refresh tokens, interactions).
CREATE TABLE oidc_models (
  model       text NOT NULL,
  id          text NOT NULL,
  payload     jsonb NOT NULL,
  grant_id    text,
  user_code   text,
  uid         text,
  expires_at  timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (model, id)
);
CREATE INDEX oidc_models_grant ON oidc_models (grant_id);
CREATE INDEX oidc_models_uid ON oidc_models (uid);
CREATE INDEX oidc_models_expires ON oidc_models (expires_at);

-- Generated once and kept: signing keys, cookie keys.
CREATE TABLE app_secrets (
  name       text PRIMARY KEY,
  value      jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE analytics_sessions (
  id         bigserial PRIMARY KEY,
  device_id  text NOT NULL,
  client_tag text,
  user_name  text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE page_views (
  id              bigserial PRIMARY KEY,
  user_id         text,
  web_page        text,
  log_app_details text,
  event           text,
  category        text,
  action          text,
  label           text,
  value           text,
  referral_number text,
  user_name       text,
  created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE client_errors (
  id         bigserial PRIMARY KEY,
  user_id    text,
  error      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
