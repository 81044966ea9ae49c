-- Issue 19: the publish status every process shows (decision 036): the process that builds writes its steps here,
-- so an editor whose calls reach another process sees the same progress. One row.
CREATE TABLE IF NOT EXISTS publish_status (
  id smallint PRIMARY KEY CHECK (id = 1),
  status jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
