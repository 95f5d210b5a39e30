-- Each project's remote features (SPEC §3, the config API's answer); null means the server's
-- defaults (services/config/server.mjs DEFAULT_FEATURES). The console switches them.
ALTER TABLE projects ADD COLUMN features jsonb;
