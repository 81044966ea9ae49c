-- Issue 19: the work-order dashboard (GetDashboardWorkOrders) is kept in memory with the list pages (decision 039's
-- 'lists' results): it also reads the orders' events (the reason of a failed referral), so a change of those clears
-- the lists too, whether or not the same statement's transaction changed the order.
CREATE TRIGGER work_order_events_lists_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON work_order_events FOR EACH STATEMENT EXECUTE FUNCTION portal_cache_lists_changed();
