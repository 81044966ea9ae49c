-- Co-branding by client tag (issue 17): a co-branded agency's logo, uploaded by internal admins and served by
-- Cobranded/GetCobrandedLogo with its hash as ETag. agencies.is_cobranded and agencies.client_tag (migration 001)
-- say which agencies are co-branded and which tag names them. docs/decisions/030-cobranding.md.
CREATE TABLE cobrand_logos (
  agency_number text PRIMARY KEY REFERENCES agencies(agency_number) ON DELETE CASCADE,
  content_type  text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
  bytes         bytea NOT NULL,
  sha256        text NOT NULL,
  updated_by    text NOT NULL,
  updated_at    timestamptz NOT NULL DEFAULT now()
);
-- Client tags are matched without regard to case ('HarborPoint' = 'harborpoint').
CREATE UNIQUE INDEX agencies_client_tag_lower ON agencies (lower(client_tag)) WHERE client_tag IS NOT NULL;
