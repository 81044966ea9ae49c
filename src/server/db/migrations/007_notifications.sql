-- Agent notifications (issue 6): the outbox of email and text messages the work-order changes owe the
-- agents, and each user's contact preferences (spec section 3: agent notification prefs). See
-- docs/decisions/010-notifications.md.

-- One row per message. Written inside the transaction of the change that owes it; the outbox worker
-- sends it. A failure is recorded and retried later; a row is never deleted, so nothing is lost: after
-- OUTBOX_MAX_ATTEMPTS it stays as 'dead' with its last error.
CREATE TABLE outbox (
  id              bigserial PRIMARY KEY,
  channel         text NOT NULL CHECK (channel IN ('email', 'sms')),
  -- An email address, or a phone number in E.164 (+1NNNNNNNNNN).
  recipient       text NOT NULL,
  -- Email only.
  subject         text,
  body_text       text NOT NULL,
  body_html       text,
  -- What the message is about: the alert (PolicyholderContact, ServiceScheduled, ServiceComplete,
  -- SurveyComplete), its work order and the user it is for.
  kind            text NOT NULL,
  work_order_id   text REFERENCES work_orders(work_order_id) ON DELETE SET NULL,
  user_id         text REFERENCES users(id) ON DELETE SET NULL,
  -- pending: waiting for next_attempt_at. sending: claimed by a worker until locked_until.
  -- sent: delivered to the transport. dead: gave up after the last attempt (kept, with last_error).
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'dead')),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- The claim of the worker sending it: only that claim may mark the row; an expired lease is claimed again.
  claim_token     text,
  locked_until    timestamptz,
  last_error      text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz
);
-- The worker's poll: due rows only.
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE status IN ('pending', 'sending');
CREATE INDEX outbox_work_order ON outbox (work_order_id);

-- The alerts a user wants on new claims (the claim flow pre-fills the referral's alerts from them) and
-- their phone for text alerts. No row: every alert off, no phone.
CREATE TABLE user_contact_prefs (
  user_id                    text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  policyholder_contact_text  boolean NOT NULL DEFAULT false,
  policyholder_contact_email boolean NOT NULL DEFAULT false,
  service_scheduled_text     boolean NOT NULL DEFAULT false,
  service_scheduled_email    boolean NOT NULL DEFAULT false,
  service_complete_text      boolean NOT NULL DEFAULT false,
  service_complete_email     boolean NOT NULL DEFAULT false,
  survey_complete_text       boolean NOT NULL DEFAULT false,
  survey_complete_email      boolean NOT NULL DEFAULT false,
  -- 10 digits shown 3-3-4 with dashes (NNN-NNN-NNNN).
  agent_phone_no             text,
  updated_at                 timestamptz NOT NULL DEFAULT now()
);
