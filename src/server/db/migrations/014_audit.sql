-- Audit log (issue 15): every change made through the admin screens, the account changes of issue 14 and the
-- content editor's publishing. Who (actor id and email as they were), what (action), when, which record
-- (entity, entity id, the agency it belongs to) and the record before and after, with secrets removed
-- (src/server/services/audit.ts). Rows are only ever inserted.
CREATE TABLE audit_log (
  id            bigserial PRIMARY KEY,
  at            timestamptz NOT NULL DEFAULT now(),
  actor_id      text,
  actor_email   text,
  action        text NOT NULL,
  entity        text NOT NULL,
  entity_id     text,
  agency_number text,
  before        jsonb,
  after         jsonb
);
CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_agency_at ON audit_log (agency_number, at DESC, id DESC);
CREATE INDEX audit_log_entity ON audit_log (entity, entity_id);
