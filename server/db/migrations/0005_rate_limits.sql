-- Rate limits (server/rateLimit): one row per key (a rule's name and an IP or an address), its
-- window's start and end and the requests counted in it. Counted by one atomic upsert, so every
-- instance on one database shares the count; rows whose window has ended are pruned.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_start bigint NOT NULL,
  window_end bigint NOT NULL,
  count integer NOT NULL
);
CREATE INDEX rate_limits_window_end ON rate_limits (window_end);
