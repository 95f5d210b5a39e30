-- The auth service's sign-ins under way (services/auth/flows.mjs), so a restart keeps them and
-- another instance on the same database can finish what one started. Each is taken once: the
-- statement that takes it is the only one that can (a state marked used, a result or a channel
-- deleted), so two instances cannot both.
-- Times are epoch milliseconds (bigint), as in 0001.

-- Social sign-in (social.mjs): the OAuth state and PKCE verifier of each started sign-in. A used
-- or expired one is kept until `expires_at` plus one more lifetime, so a late or repeated callback
-- still finds its return_to and can say what went wrong.
CREATE TABLE social_states (
  state text PRIMARY KEY,
  project_id text NOT NULL,
  provider text NOT NULL,
  return_to text NOT NULL,
  code_verifier text NOT NULL,
  expires_at bigint NOT NULL,
  used boolean NOT NULL DEFAULT false
);
CREATE INDEX social_states_expiry ON social_states (expires_at);

-- Social sign-in results waiting for /v1/social/connect: the provider's identity, for the project
-- that started the sign-in, redeemed once.
CREATE TABLE social_results (
  id text PRIMARY KEY,
  project_id text NOT NULL,
  provider text NOT NULL,
  subject text NOT NULL,
  user_name text,
  email text,
  expires_at bigint NOT NULL,
  used boolean NOT NULL DEFAULT false
);
CREATE INDEX social_results_expiry ON social_results (expires_at);

-- Farcaster sign-ins (farcaster.mjs): the relay channel's token and what /v1/farcaster/connect
-- checks the signed message against (the nonce and domain this service chose).
CREATE TABLE farcaster_channels (
  channel_token text PRIMARY KEY,
  project_id text NOT NULL,
  nonce text NOT NULL,
  domain text NOT NULL,
  expires_at bigint NOT NULL
);
CREATE INDEX farcaster_channels_expiry ON farcaster_channels (expires_at);
