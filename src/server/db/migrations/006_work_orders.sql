-- Work orders (issue 6): what the lifecycle fills in (shop and appointment when Scheduled, technician when In
-- progress, completion time), the policyholder's survey, the camera recalibration record behind the certificate,
-- and the indexes of the list queries (agency + status + dates, search by name, policy or referral number).

ALTER TABLE work_orders ADD COLUMN shop_id text REFERENCES program_shops(shop_id);
ALTER TABLE work_orders ADD COLUMN appointment_at timestamptz;
ALTER TABLE work_orders ADD COLUMN technician text;
ALTER TABLE work_orders ADD COLUMN completed_at timestamptz;

-- One survey per order (status Survey complete).
CREATE TABLE work_order_surveys (
  work_order_id text PRIMARY KEY REFERENCES work_orders(work_order_id) ON DELETE CASCADE,
  rating        smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  -- [{ "question": "...", "answer": "..." }, ...]
  answers       jsonb NOT NULL DEFAULT '[]',
  comment       text,
  completed_at  timestamptz NOT NULL
);

-- The ADAS camera recalibration done with a replacement (one per order), source of the certificate PDF.
CREATE TABLE work_order_recalibrations (
  work_order_id    text PRIMARY KEY REFERENCES work_orders(work_order_id) ON DELETE CASCADE,
  part_number      text NOT NULL,
  calibration_type text NOT NULL CHECK (calibration_type IN ('Static','Dynamic')),
  result           text NOT NULL CHECK (result IN ('Pass','Fail')),
  technician       text NOT NULL,
  shop_id          text NOT NULL REFERENCES program_shops(shop_id),
  started_at       timestamptz NOT NULL,
  completed_at     timestamptz NOT NULL CHECK (completed_at >= started_at)
);

-- Lists: one agency by filing date (the date range) or by last change (the default order); the console across agencies.
CREATE INDEX work_orders_agency_created ON work_orders (agency_number, created_at DESC);
CREATE INDEX work_orders_agency_updated ON work_orders (agency_number, updated_at DESC);
CREATE INDEX work_orders_updated ON work_orders (updated_at DESC);

-- Search: case-insensitive prefix of the first name, last name, full name, policy number or referral number.
CREATE INDEX referrals_customer_last ON referrals (lower(customer_last) text_pattern_ops);
CREATE INDEX referrals_customer_first ON referrals (lower(customer_first) text_pattern_ops);
CREATE INDEX referrals_customer_full ON referrals (lower(customer_first || ' ' || customer_last) text_pattern_ops);
CREATE INDEX referrals_policy ON referrals (lower(policy_number) text_pattern_ops);
CREATE INDEX referrals_number_prefix ON referrals (referral_number text_pattern_ops);
-- An agent's own orders in an agency.
CREATE INDEX referrals_agency_user ON referrals (agency_number, user_id, created_at DESC);
