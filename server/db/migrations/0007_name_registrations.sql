-- Name registration messages already used (services/blockchain/profiles.mjs): each registers once,
-- across every instance on the database and across restarts. Kept until older than a message may
-- be (10 minutes), when it is refused as stale anyway.
CREATE TABLE name_registration_messages (
  message text PRIMARY KEY,
  issued_at bigint NOT NULL
);
CREATE INDEX name_registration_messages_issued_at ON name_registration_messages (issued_at);
