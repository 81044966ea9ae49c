-- Experiments (issue 18): internal admins' experiments, and the exposures of devices to them. A device's variant
-- is not stored as an assignment: it is the hash of the experiment's key and the device id (the same on every
-- run), so the only row is the exposure, written once per (experiment, device). docs/decisions/031-experiments.md.
CREATE TABLE experiments (
  id               serial PRIMARY KEY,
  key              text NOT NULL UNIQUE,
  name             text NOT NULL,
  trigger_event    text NOT NULL CHECK (trigger_event IN ('SiteEntry', 'PageEntry')),
  trigger_value    text NOT NULL,
  experiment_order integer NOT NULL DEFAULT 0,
  -- [{ "name": ..., "weight": ... }], weights summing to 100 (checked by the contract).
  variants         jsonb NOT NULL,
  goal_event       text NOT NULL,
  status           text NOT NULL DEFAULT 'Draft' CHECK (status IN ('Draft', 'Running', 'Stopped')),
  created_by       text NOT NULL,
  modified_by      text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  modified_at      timestamptz NOT NULL DEFAULT now(),
  started_at       timestamptz,
  stopped_at       timestamptz
);
CREATE INDEX experiments_running ON experiments (trigger_event, trigger_value) WHERE status = 'Running';

CREATE TABLE experiment_exposures (
  experiment_id    integer NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,
  device_id        text NOT NULL,
  variant          text NOT NULL,
  application_name text,
  exposed_at       timestamptz NOT NULL DEFAULT now(),
  -- Set once, when the device reaches the experiment's goal event while it runs.
  converted_at     timestamptz,
  PRIMARY KEY (experiment_id, device_id)
);
CREATE INDEX experiment_exposures_device ON experiment_exposures (device_id);

-- Conversions of signed-in events (LogPageView, CreateReferral) reach the devices through the user's analytics
-- sessions: SetupAnalytics now records who started each one.
ALTER TABLE analytics_sessions ADD COLUMN user_id text;
CREATE INDEX analytics_sessions_user ON analytics_sessions (user_id) WHERE user_id IS NOT NULL;
