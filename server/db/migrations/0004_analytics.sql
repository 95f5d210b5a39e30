-- Analytics the site owns (issue 24 §3): the public events a project's pages sent (server/analytics
-- ingest.mjs), one row each, with what the per-day summary counts taken out of the payload. No
-- payload is kept, and no address: only its hash, when the site opted in (SHA-256, hex).
-- `day` is the UTC day of `at` (the page's clock, or the arrival time when that was far off).
CREATE TABLE analytics_events (
  id bigserial PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  day date NOT NULL,
  at bigint NOT NULL,
  received_at bigint NOT NULL,
  origin text NOT NULL,
  type text NOT NULL,
  -- CONNECT_SUCCESS, SELECT_WALLET: the wallet's name.
  wallet text,
  -- CONNECT_SUCCESS: injected, walletConnect, email or social.
  method text,
  -- CONNECT_SUCCESS: the chain namespace (eip155, solana, bip122, …).
  namespace text,
  -- MODAL_OPEN: whether an account was connected already (the funnel counts the opens without).
  was_connected boolean,
  -- Errors (USER_REJECTED, *_ERROR, a blocked on-ramp popup): the event's type and its reason or code.
  error_code text,
  address_hash text
);
CREATE INDEX analytics_events_project_day ON analytics_events (project_id, day);
