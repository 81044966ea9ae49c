-- Issue 19: the work-order lists with a million orders. Who filed an order (referrals.user_id, which never changes)
-- is copied onto the order, so an agent's list is one index range of work_orders instead of a join over every
-- referral of the agency; the open and the closed lists get partial indexes in their default order (last change,
-- newest first, the work order id breaking ties, as listWorkOrders sorts), so the first page is read in order and
-- the total is counted from the index alone.
ALTER TABLE work_orders ADD COLUMN filed_by text REFERENCES users(id);
UPDATE work_orders w SET filed_by = r.user_id FROM referrals r WHERE r.referral_number = w.referral_number;
ALTER TABLE work_orders ALTER COLUMN filed_by SET NOT NULL;

CREATE INDEX work_orders_open_by_agency ON work_orders (agency_number, updated_at DESC NULLS LAST, work_order_id DESC NULLS LAST)
  WHERE status IN ('Received', 'Policyholder contacted', 'Scheduled', 'In progress', 'Failed');
CREATE INDEX work_orders_open_by_filer ON work_orders (agency_number, filed_by, updated_at DESC NULLS LAST, work_order_id DESC NULLS LAST)
  WHERE status IN ('Received', 'Policyholder contacted', 'Scheduled', 'In progress', 'Failed');
CREATE INDEX work_orders_closed_by_agency ON work_orders (agency_number, updated_at DESC NULLS LAST, work_order_id DESC NULLS LAST)
  WHERE status IN ('Completed', 'Survey complete', 'Cancelled');
CREATE INDEX work_orders_closed_by_filer ON work_orders (agency_number, filed_by, updated_at DESC NULLS LAST, work_order_id DESC NULLS LAST)
  WHERE status IN ('Completed', 'Survey complete', 'Cancelled');
