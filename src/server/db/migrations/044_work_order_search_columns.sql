-- Issue 19: the work-order lists' search and policyholder sort without the referrals (decision 040). The searched
-- and sorted policyholder columns, lower-cased as the list compares them, are copied onto the order (a referral's
-- policyholder and policy never change after filing), so that a search or a sort by name reads one index of the
-- list (agency [, filer], open or closed) instead of joining a million referrals; with the copies in the index, a
-- search's total is an index-only count of the list's entries.
ALTER TABLE work_orders ADD COLUMN customer_last_lc text;
ALTER TABLE work_orders ADD COLUMN customer_first_lc text;
ALTER TABLE work_orders ADD COLUMN customer_full_lc text;
ALTER TABLE work_orders ADD COLUMN policy_lc text;

-- Whatever inserts an order without them (tests, tools, psql): filled from the referral once the statement has run
-- (an AFTER trigger: a referral filed by the same statement is visible by then). The portal's filing sets them itself.
CREATE FUNCTION work_orders_fill_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE work_orders w SET customer_last_lc = lower(r.customer_last), customer_first_lc = lower(r.customer_first),
         customer_full_lc = lower(r.customer_first || ' ' || r.customer_last), policy_lc = lower(r.policy_number)
    FROM new_rows n JOIN referrals r ON r.referral_number = n.referral_number
   WHERE w.work_order_id = n.work_order_id AND (n.customer_last_lc IS NULL OR n.customer_first_lc IS NULL OR n.customer_full_lc IS NULL OR n.policy_lc IS NULL); RETURN NULL; END
$$;
CREATE TRIGGER work_orders_fill_search AFTER INSERT ON work_orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_orders_fill_search();

-- And should a referral's policyholder or policy ever change, its order follows.
CREATE FUNCTION referrals_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE work_orders w SET customer_last_lc = lower(NEW.customer_last), customer_first_lc = lower(NEW.customer_first),
         customer_full_lc = lower(NEW.customer_first || ' ' || NEW.customer_last), policy_lc = lower(NEW.policy_number)
   WHERE w.referral_number = NEW.referral_number; RETURN NULL; END
$$;
CREATE TRIGGER referrals_search_changed AFTER UPDATE OF customer_first, customer_last, policy_number ON referrals FOR EACH ROW EXECUTE FUNCTION referrals_search_changed();

UPDATE work_orders w SET customer_last_lc = lower(r.customer_last), customer_first_lc = lower(r.customer_first),
       customer_full_lc = lower(r.customer_first || ' ' || r.customer_last), policy_lc = lower(r.policy_number)
  FROM referrals r WHERE r.referral_number = w.referral_number;

-- The open lists by policyholder (last, first, id), carrying what a search compares: a page by name is read in order,
-- and a search's total counts the list's entries without visiting the table.
CREATE INDEX work_orders_open_by_filer_name ON work_orders (agency_number, filed_by, customer_last_lc, customer_first_lc, work_order_id)
  INCLUDE (customer_full_lc, policy_lc, referral_number)
  WHERE status IN ('Received', 'Policyholder contacted', 'Scheduled', 'In progress', 'Failed');
CREATE INDEX work_orders_open_by_agency_name ON work_orders (agency_number, customer_last_lc, customer_first_lc, work_order_id)
  INCLUDE (customer_full_lc, policy_lc, referral_number)
  WHERE status IN ('Received', 'Policyholder contacted', 'Scheduled', 'In progress', 'Failed');

-- A search that names few orders (a policy or referral number, a rare name) finds them by prefix in these, as it did
-- in the referrals' own indexes (006), which no list reads any more: dropped.
CREATE INDEX work_orders_customer_last_lc ON work_orders (customer_last_lc text_pattern_ops);
CREATE INDEX work_orders_customer_first_lc ON work_orders (customer_first_lc text_pattern_ops);
CREATE INDEX work_orders_customer_full_lc ON work_orders (customer_full_lc text_pattern_ops);
CREATE INDEX work_orders_policy_lc ON work_orders (policy_lc text_pattern_ops);
CREATE INDEX work_orders_referral_prefix ON work_orders (referral_number text_pattern_ops);
DROP INDEX referrals_customer_last;
DROP INDEX referrals_customer_first;
DROP INDEX referrals_customer_full;
DROP INDEX referrals_policy;
