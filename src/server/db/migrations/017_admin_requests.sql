-- Admin access requests (issue 15): an agent asks to become their agency's admin (User/SendRequestAdminAccessEmail);
-- internal admins approve or deny (InternalAdmin/*). Pending → Approved or Denied (spec section 4), once.
CREATE TABLE admin_access_requests (
  id            bigserial PRIMARY KEY,
  user_id       text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  agency_number text NOT NULL REFERENCES agencies(agency_number) ON DELETE CASCADE,
  status        text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Approved', 'Denied')),
  reason        text,
  decided_by    text REFERENCES users(id) ON DELETE SET NULL,
  decided_at    timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);
-- One pending request per user and agency (asking again answers the pending one).
CREATE UNIQUE INDEX admin_access_requests_one_pending ON admin_access_requests (user_id, agency_number) WHERE status = 'Pending';
CREATE INDEX admin_access_requests_status ON admin_access_requests (status, created_at DESC);
