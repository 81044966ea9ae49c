-- Issue 19 (docs/decisions/036): the counters of the sign-in and account-email limits, shared by every process on
-- PostgreSQL (rate-limiter-flexible's RateLimiterPostgres; its own table layout). Each counter's keyPrefix keeps its
-- keys apart. PGlite (one process) keeps its counters in memory and leaves this table empty.
CREATE TABLE rate_limits (
  key    varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  -- When the window ends, ms since the epoch (null: never).
  expire bigint
);
CREATE INDEX rate_limits_expire ON rate_limits (expire);
