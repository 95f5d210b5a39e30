-- SDK error reports (SPEC §7 "Analytics error report", issue 28 §1): what a project's pages post to
-- POST /e (server/analytics/errors.mjs), one row each, for the console's latest errors. The page's
-- address is kept without query or fragment (the SDK sends none); nothing of the visitor's.
CREATE TABLE error_reports (
  id bigserial PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  -- The page's own id for the report (a UUID): a report sent twice is stored once.
  event_id text NOT NULL,
  -- The page's clock, or the arrival time when that was far off.
  at bigint NOT NULL,
  received_at bigint NOT NULL,
  origin text NOT NULL,
  url text NOT NULL,
  domain text NOT NULL,
  sdk_type text NOT NULL,
  sdk_version text NOT NULL,
  -- SPEC §8's category (INTERNAL_SDK_ERROR unless the error has its own).
  event text NOT NULL,
  error_type text NOT NULL,
  error_message text NOT NULL,
  stack_trace text NOT NULL,
  UNIQUE (project_id, event_id)
);
CREATE INDEX error_reports_project_at ON error_reports (project_id, at DESC);
