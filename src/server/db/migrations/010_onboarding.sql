-- Agency onboarding (issue 14): the agencies' primary email (searched by AgencySearch/GetAgencies) and the
-- onboarding requests an agent files from find-my-agency / agency-not-found (User/VerifyUserAgencyInformation),
-- which an admin of that agency or an internal admin approves or denies. docs/decisions/019-agency-onboarding.md.

ALTER TABLE agencies ADD COLUMN primary_email text;
-- Email search is exact and case-insensitive.
CREATE INDEX agencies_primary_email_lower ON agencies (lower(primary_email));

CREATE TABLE onboarding_requests (
  id              bigserial PRIMARY KEY,
  user_id         text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- The agency the user chose; NULL when they did not find it (agency-not-found) and typed its details.
  agency_number   text REFERENCES agencies(agency_number) ON DELETE CASCADE,
  -- The typed details of agency-not-found (NULL for a chosen agency).
  agency_name     text,
  address_line    text,
  city            text,
  state_code      char(2),
  zip_code        text,
  phone_number    text,
  email           text,
  agent_number    text,
  status          text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Approved', 'Denied')),
  -- Why it was denied (shown to the requester in the email).
  reason          text,
  decided_by      text REFERENCES users(id) ON DELETE SET NULL,
  decided_at      timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  CHECK (agency_number IS NOT NULL OR agency_name IS NOT NULL),
  CHECK ((status = 'Pending') = (decided_at IS NULL))
);
-- At most one Pending request per user and agency (one for agency-not-found: its agency number is NULL).
CREATE UNIQUE INDEX onboarding_requests_one_pending ON onboarding_requests (user_id, coalesce(agency_number, '')) WHERE status = 'Pending';
-- The reviewers' list: pending requests by agency.
CREATE INDEX onboarding_requests_pending ON onboarding_requests (agency_number, created_at) WHERE status = 'Pending';
CREATE INDEX onboarding_requests_user ON onboarding_requests (user_id, created_at);
