-- Issue 19: the work-order lists' totals without a scan (decision 040). How many orders each filer has in each agency
-- and status, kept by statement triggers on work_orders in the same transaction as the change: a list without a search
-- or a date range sums a handful of these rows instead of counting index entries (52,509 for the demo agent's open
-- list with a million orders). Each statement adds its net change per (agency, filer, status) with
-- INSERT ... ON CONFLICT DO UPDATE SET n = n + delta: concurrent writers wait on the counter row, none is lost, and
-- the keys are written in one order (ORDER BY) so that two statements never wait on each other in a cycle.
CREATE TABLE work_order_counts (
  agency_number text NOT NULL,
  filed_by text NOT NULL,
  status text NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (agency_number, filed_by, status)
);

-- (The migration runner splits statements at a semicolon that ends a line: inside a function body none does.)
-- One function for the three triggers: new_rows (INSERT, UPDATE) and old_rows (UPDATE, DELETE) are their transition tables.
CREATE FUNCTION work_order_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO work_order_counts AS c (agency_number, filed_by, status, n)
    SELECT agency_number, filed_by, status, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (agency_number, filed_by, status) DO UPDATE SET n = c.n + EXCLUDED.n; ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO work_order_counts AS c (agency_number, filed_by, status, n)
    SELECT agency_number, filed_by, status, -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (agency_number, filed_by, status) DO UPDATE SET n = c.n + EXCLUDED.n; ELSE
    INSERT INTO work_order_counts AS c (agency_number, filed_by, status, n)
    SELECT agency_number, filed_by, status, sum(d) FROM (
      SELECT agency_number, filed_by, status, 1 AS d FROM new_rows
      UNION ALL SELECT agency_number, filed_by, status, -1 FROM old_rows) t
    GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (agency_number, filed_by, status) DO UPDATE SET n = c.n + EXCLUDED.n; END IF; RETURN NULL; END
$$;

CREATE FUNCTION work_order_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN DELETE FROM work_order_counts; RETURN NULL; END $$;

-- The triggers first (they lock work_orders against writes until this migration commits), then the counts as they are.
CREATE TRIGGER work_order_counts_insert AFTER INSERT ON work_orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_order_counts_apply();
CREATE TRIGGER work_order_counts_update AFTER UPDATE ON work_orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_order_counts_apply();
CREATE TRIGGER work_order_counts_delete AFTER DELETE ON work_orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION work_order_counts_apply();
CREATE TRIGGER work_order_counts_truncate AFTER TRUNCATE ON work_orders FOR EACH STATEMENT EXECUTE FUNCTION work_order_counts_truncate();

INSERT INTO work_order_counts (agency_number, filed_by, status, n)
SELECT agency_number, filed_by, status, count(*) FROM work_orders GROUP BY 1, 2, 3;
