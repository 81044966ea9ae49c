-- Global banners and the monitored endpoints' configuration (issue 15, docs/decisions/024).
-- A banner (spec section 3): shown to every reader from its start date through its end date; createdBy and
-- modifiedBy are the emails of the internal admins who made and last changed it.
CREATE TABLE global_banners (
  id                serial PRIMARY KEY,
  banner_title      text NOT NULL,
  banner_alert_text text NOT NULL,
  url_label         text,
  url               text,
  start_date        date NOT NULL,
  end_date          date NOT NULL,
  created_by        text NOT NULL,
  modified_by       text NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  modified_at       timestamptz NOT NULL DEFAULT now(),
  CHECK (end_date > start_date)
);
CREATE INDEX global_banners_window ON global_banners (start_date, end_date);

-- Health-check configuration (spec section 3): per monitored endpoint an optional input and URL override.
-- A missing row means no input and no override.
CREATE TABLE health_config (
  name         text PRIMARY KEY,
  input        text,
  url_override text,
  modified_by  text,
  modified_at  timestamptz NOT NULL DEFAULT now()
);
