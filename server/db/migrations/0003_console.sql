-- The site owner's console (issue 24 §3; server/console): who may change a project, who may make
-- projects, the first-run secret that names the first of them, and each project's wallet lists.
-- Addresses are CAIP-10 (namespace:reference:address), eip155 ones checksummed (EIP-55), so one
-- account is one string.

-- The owners of each project: any of them may edit it, delete it, and add or remove owners (the
-- last one stays). Gone with the project.
CREATE TABLE console_owners (
  project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  address text NOT NULL,
  added_at bigint NOT NULL,
  PRIMARY KEY (project_id, address)
);
CREATE INDEX console_owners_address ON console_owners (address);

-- Admins may create projects (and become their owners). The first is whoever claims the first-run
-- secret.
CREATE TABLE console_admins (
  address text PRIMARY KEY,
  added_at bigint NOT NULL
);

-- The first-run secret while no admin exists: its SHA-256 only, never the secret. One row at most
-- (a start with still no admin replaces it); a claim deletes it.
CREATE TABLE console_first_run (
  digest bytea PRIMARY KEY,
  created_at bigint NOT NULL
);

-- The project's wallet lists, catalog ids: { featured: [], included: [], excluded: [] }; null
-- means none (the whole catalog, in its order). The config API's /getWallets applies them
-- (server/console/walletLists.mjs).
ALTER TABLE projects ADD COLUMN wallets jsonb;
