-- Claims: insurance companies (carriers), the agent's carriers per account, referrals, their work
-- orders and status history, and the idempotency keys of CreateReferral.

CREATE TABLE insurance_companies (
  insurance_company_id serial PRIMARY KEY,
  name                 text NOT NULL UNIQUE
);

-- The carriers an agent writes for on one account; a removed row is a carrier edit (spec sections 4 and 8).
CREATE TABLE user_agency_carriers (
  user_id              text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  agency_number        text NOT NULL REFERENCES agencies(agency_number) ON DELETE CASCADE,
  insurance_company_id integer NOT NULL REFERENCES insurance_companies(insurance_company_id),
  removed_at           timestamptz,
  PRIMARY KEY (user_id, agency_number, insurance_company_id)
);

CREATE SEQUENCE referral_number_seq START 100001;

CREATE TABLE referrals (
  referral_number   text PRIMARY KEY,
  agency_number     text NOT NULL REFERENCES agencies(agency_number),
  user_id           text NOT NULL REFERENCES users(id),
  call_type         text NOT NULL,
  customer_first    text NOT NULL,
  customer_last     text NOT NULL,
  policy_number     text NOT NULL,
  carrier           text NOT NULL,
  zip_code          text NOT NULL,
  car_id            integer NOT NULL,
  vin               text,
  vehicle           text NOT NULL,
  repair_or_replace text NOT NULL,
  total             numeric(10,2) NOT NULL,
  -- The order submission as received (after validation) and the quote the server priced.
  submission        jsonb NOT NULL,
  quote             jsonb NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX referrals_agency ON referrals (agency_number, created_at DESC);
CREATE INDEX referrals_user ON referrals (user_id, created_at DESC);

CREATE SEQUENCE work_order_seq START 500001;

CREATE TABLE work_orders (
  work_order_id   text PRIMARY KEY,
  referral_number text NOT NULL UNIQUE REFERENCES referrals(referral_number),
  agency_number   text NOT NULL REFERENCES agencies(agency_number),
  status          text NOT NULL CHECK (status IN ('Received','Policyholder contacted','Scheduled','In progress','Completed','Survey complete','Cancelled','Failed')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX work_orders_agency_status ON work_orders (agency_number, status, updated_at DESC);

CREATE TABLE work_order_events (
  id            bigserial PRIMARY KEY,
  work_order_id text NOT NULL REFERENCES work_orders(work_order_id) ON DELETE CASCADE,
  status        text NOT NULL,
  note          text,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX work_order_events_order ON work_order_events (work_order_id, created_at);

-- One row per (user, key): a retry with the same key answers with the same referral; the primary key
-- makes concurrent duplicates wait for the first and then find its referral.
CREATE TABLE idempotency_keys (
  user_id         text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  idem_key        text NOT NULL,
  request_hash    text NOT NULL,
  referral_number text NOT NULL REFERENCES referrals(referral_number),
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, idem_key)
);
