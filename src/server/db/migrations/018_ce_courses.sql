-- CE courses (issue 16, docs/decisions/027): courses, their images, registrations with a waitlist, the emailed
-- links of registrants without an account, the web-to-case cases, and certificates.

-- Images of courses (uploaded by CE admins; type and size checked by the call). Served by GetCECourseImages with
-- caching headers; `sha256` is the ETag.
CREATE TABLE ce_course_images (
  id           serial PRIMARY KEY,
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  bytes        bytea NOT NULL,
  sha256       text NOT NULL,
  created_by   text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- A course (spec section 3: form data, venue data, dates, image, three meals and their timings). Titles and
-- descriptions in both languages. `seats_taken` counts registrations holding a seat (registered, offered, attended):
-- it is only ever changed together with them, in one transaction, by a conditional update (never past capacity).
CREATE TABLE ce_courses (
  id              serial PRIMARY KEY,
  title           text NOT NULL,
  title_es        text NOT NULL,
  description     text NOT NULL,
  description_es  text NOT NULL,
  credit_hours    numeric(4, 1) NOT NULL CHECK (credit_hours > 0),
  -- Two-letter state codes, as a JSON array.
  states_approved jsonb NOT NULL DEFAULT '[]',
  format          text NOT NULL CHECK (format IN ('InPerson', 'Webinar')),
  venue_name      text,
  venue_address   text,
  venue_city      text,
  venue_state     char(2),
  venue_zip       text,
  webinar_url     text,
  starts_at       timestamptz NOT NULL,
  ends_at         timestamptz NOT NULL,
  time_zone_id    text NOT NULL REFERENCES time_zones(time_zone_id),
  capacity        integer NOT NULL CHECK (capacity > 0),
  seats_taken     integer NOT NULL DEFAULT 0 CHECK (seats_taken >= 0 AND seats_taken <= capacity),
  -- Up to three meals: [{ "name": "Lunch", "time": "12:00" }].
  meals           jsonb NOT NULL DEFAULT '[]',
  image_id        integer REFERENCES ce_course_images(id) ON DELETE SET NULL,
  -- The registration agency contact (the course page's widget).
  contact_name    text,
  contact_email   text,
  contact_phone   text,
  status          text NOT NULL DEFAULT 'Scheduled' CHECK (status IN ('Scheduled', 'Cancelled')),
  -- Bumped on every change: the .ics files' SEQUENCE.
  revision        integer NOT NULL DEFAULT 0,
  created_by      text NOT NULL,
  modified_by     text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  modified_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at)
);
CREATE INDEX ce_courses_starts ON ce_courses (starts_at);

-- A registration. PendingLink: a registrant without an account who has not followed the emailed link yet (no seat).
-- Registered: holds a seat. Waitlisted: in line (by waitlisted_at). Offered: promoted from the waitlist, holds a seat
-- until offer_expires_at unless confirmed. Attended: marked on the day (holds the seat; certificate issued).
-- Cancelled / Expired / Declined: ended, no seat.
CREATE TABLE ce_registrations (
  id               serial PRIMARY KEY,
  course_id        integer NOT NULL REFERENCES ce_courses(id) ON DELETE CASCADE,
  user_id          text REFERENCES users(id) ON DELETE SET NULL,
  email            text NOT NULL,
  first_name       text NOT NULL,
  last_name        text NOT NULL,
  title            text,
  agency_name      text,
  agency_number    text,
  phone            text,
  npn_id           text,
  address          text,
  city             text,
  state            char(2),
  zip              text,
  -- The state the agent is licensed in, for the regulators' roster (defaults to `state`).
  license_state    char(2),
  lang             text NOT NULL DEFAULT 'en' CHECK (lang IN ('en', 'es')),
  status           text NOT NULL CHECK (status IN ('PendingLink', 'Registered', 'Waitlisted', 'Offered', 'Attended', 'Cancelled', 'Expired', 'Declined')),
  waitlisted_at    timestamptz,
  offer_expires_at timestamptz,
  attended_at      timestamptz,
  cancelled_at     timestamptz,
  -- The certificate's public verification code (issued with attendance).
  certificate_code text UNIQUE,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
-- One live registration per course and email address.
CREATE UNIQUE INDEX ce_registrations_live ON ce_registrations (course_id, lower(email))
  WHERE status IN ('PendingLink', 'Registered', 'Waitlisted', 'Offered', 'Attended');
CREATE INDEX ce_registrations_user ON ce_registrations (user_id);
CREATE INDEX ce_registrations_waitlist ON ce_registrations (course_id, waitlisted_at) WHERE status = 'Waitlisted';
CREATE INDEX ce_registrations_offers ON ce_registrations (offer_expires_at) WHERE status = 'Offered';

-- The emailed links of registrations (confirm a registration without an account; confirm a waitlist offer). Only
-- the SHA-256 of the token is stored.
CREATE TABLE ce_registration_links (
  token_hash      text PRIMARY KEY,
  registration_id integer NOT NULL REFERENCES ce_registrations(id) ON DELETE CASCADE,
  purpose         text NOT NULL CHECK (purpose IN ('confirm', 'offer')),
  expires_at      timestamptz NOT NULL,
  used_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ce_registration_links_registration ON ce_registration_links (registration_id);

-- Web-to-case: the cases the CRM transport delivers to (when no HTTP CRM is configured). One per outbox message.
CREATE TABLE ce_cases (
  id              serial PRIMARY KEY,
  outbox_id       bigint UNIQUE,
  course_id       integer REFERENCES ce_courses(id) ON DELETE SET NULL,
  registration_id integer REFERENCES ce_registrations(id) ON DELETE SET NULL,
  subject         text NOT NULL,
  -- The web-to-case fields as posted.
  fields          jsonb NOT NULL,
  status          text NOT NULL DEFAULT 'New' CHECK (status IN ('New', 'InProgress', 'Closed')),
  -- [{ "at": iso, "by": email, "text": "…" }]
  notes           jsonb NOT NULL DEFAULT '[]',
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ce_cases_status ON ce_cases (status, created_at DESC);

-- The outbox also carries web-to-case posts (channel 'crm': body_text is the JSON case) and attachments
-- (the .ics calendar files of confirmation emails: [{ "filename", "contentType", "content" }]).
ALTER TABLE outbox DROP CONSTRAINT outbox_channel_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check CHECK (channel IN ('email', 'sms', 'crm'));
ALTER TABLE outbox ADD COLUMN attachments jsonb;
