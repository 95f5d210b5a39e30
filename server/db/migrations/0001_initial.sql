-- Airlock's server, first schema: projects, the auth service's users, devices, wallet recovery
-- records, one-time codes (digests only), cool-downs, revoked session tokens and its signing
-- secret, and the SIWX sessions service's nonces, sessions and credentials.
-- Times are epoch milliseconds (bigint): the services' clocks are injectable.

CREATE TABLE projects (
  id text PRIMARY KEY,
  name text NOT NULL DEFAULT '',
  allowed_origins jsonb NOT NULL DEFAULT '[]',
  smart_account_networks jsonb NOT NULL DEFAULT '[]',
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);

CREATE TABLE secrets (
  name text PRIMARY KEY,
  value bytea NOT NULL,
  created_at bigint NOT NULL
);

CREATE TABLE users (
  id uuid PRIMARY KEY,
  provider text NOT NULL,
  email text,
  user_name text,
  created_at bigint NOT NULL
);
-- One email-sign-in user per (normalised) address.
CREATE UNIQUE INDEX users_email_login ON users (email) WHERE provider = 'email';

CREATE TABLE social_identities (
  provider text NOT NULL,
  subject text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (provider, subject)
);

CREATE TABLE devices (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_id text NOT NULL,
  approved_at bigint NOT NULL,
  PRIMARY KEY (user_id, device_id)
);

-- The wallet's recovery record: the service's share of the backup key, the encrypted backup and
-- the addresses. The share alone opens nothing (README "Who holds what").
CREATE TABLE wallets (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  backup jsonb NOT NULL,
  addresses jsonb NOT NULL,
  service_share text NOT NULL,
  created_at bigint NOT NULL
);

-- One live code per key, kept as a SHA-256 digest of the code and what it is bound to.
CREATE TABLE codes (
  key text PRIMARY KEY,
  digest bytea NOT NULL,
  expires_at bigint NOT NULL,
  tries_left integer NOT NULL
);
CREATE INDEX codes_expiry ON codes (expires_at);

CREATE TABLE cooldowns (
  key text PRIMARY KEY,
  until_at bigint NOT NULL
);

CREATE TABLE revoked_tokens (
  jti text PRIMARY KEY,
  expires_at bigint NOT NULL
);
CREATE INDEX revoked_tokens_expiry ON revoked_tokens (expires_at);

-- Pending work of email sign-in that another instance may finish: device approvals by the emailed
-- link, and email changes between their two codes.
-- One live link per (address, device), kept as its token's digest; once opened (approved), the
-- row stays until the code it owes is sent.
CREATE TABLE device_links (
  email text NOT NULL,
  device_id text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_digest bytea NOT NULL UNIQUE,
  approved boolean NOT NULL DEFAULT false,
  expires_at bigint NOT NULL,
  PRIMARY KEY (email, device_id)
);

CREATE TABLE email_updates (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  new_email text NOT NULL,
  stage text NOT NULL,
  expires_at bigint NOT NULL
);

-- Sign in with a wallet (the sessions service): single-use nonces, sessions, and the browsers'
-- credentials (SHA-256 of the cookie's token) with the sessions each holds.
CREATE TABLE siwx_nonces (
  nonce text PRIMARY KEY,
  expires_at bigint NOT NULL
);

CREATE TABLE siwx_credentials (
  digest bytea PRIMARY KEY,
  created_at bigint NOT NULL
);

CREATE TABLE siwx_sessions (
  id uuid PRIMARY KEY,
  credential bytea REFERENCES siwx_credentials (digest) ON DELETE SET NULL,
  account_address text NOT NULL,
  chain_id text NOT NULL,
  data jsonb NOT NULL,
  message text NOT NULL,
  signature text NOT NULL,
  cacao jsonb,
  expires_at bigint,
  revoked boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL
);
CREATE INDEX siwx_sessions_credential ON siwx_sessions (credential);
