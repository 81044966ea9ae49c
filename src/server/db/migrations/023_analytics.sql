-- Analytics (issue 18): time-range queries (page views per day, sessions, client errors over a period) read
-- these tables by created_at; page views also by user over time. docs/decisions/032-analytics-consent.md.
CREATE INDEX page_views_created ON page_views (created_at);
CREATE INDEX page_views_user_created ON page_views (user_id, created_at);
CREATE INDEX analytics_sessions_created ON analytics_sessions (created_at);
CREATE INDEX client_errors_created ON client_errors (created_at);
