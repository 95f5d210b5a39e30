// What the auth service remembers, in its database (server/db, schema in
// server/db/migrations): users (by id, by email address for email sign-in, by provider and
// subject for socials), the devices each user approved, each user's wallet recovery record
// (API.md "Session and wallet"), the device-approval links under way and the email changes
// between their two codes. Every call is one statement or one transaction, so several instances
// of the service on one PostgreSQL see the same users and never make two of one.
//
// Users go out as fresh objects: a route module that edits what it got changes nothing stored.
import { randomUUID } from 'node:crypto'

const UNIQUE_VIOLATION = '23505'

const userOf = (row) => (row ? { id: row.id, email: row.email ?? null, userName: row.user_name ?? null, provider: row.provider } : undefined)

/** @param {{ db: import('../../server/db/database.d.mts').Database, now: () => number }} options */
export function createStore({ db, now }) {
  const one = async (text, params) => (await db.query(text, params))[0]

  return {
    user: async (id) => userOf(await one('SELECT * FROM users WHERE id = $1', [id])),

    /** The email-sign-in user of this (normalised) address. */
    userByEmail: async (email) => userOf(await one("SELECT * FROM users WHERE provider = 'email' AND email = $1", [email])),

    async createEmailUser(email) {
      const made = await one(
        "INSERT INTO users (id, provider, email, created_at) VALUES ($1, 'email', $2, $3) ON CONFLICT (email) WHERE provider = 'email' DO NOTHING RETURNING *",
        [randomUUID(), email, now()],
      )
      return userOf(made ?? (await one("SELECT * FROM users WHERE provider = 'email' AND email = $1", [email])))
    },

    /** Moves an email user to `email`; false when another email user has it. */
    async changeEmail(id, email) {
      try {
        const moved = await db.query("UPDATE users SET email = $2 WHERE id = $1 AND provider = 'email' RETURNING id", [id, email])
        return moved.length === 1
      } catch (error) {
        if (error?.code === UNIQUE_VIOLATION) return false
        throw error
      }
    },

    /** The user of a social identity, made on first sight; a changed user name or email is taken over. */
    async findOrCreateSocial({ provider, subject, userName, email }) {
      if (typeof provider !== 'string' || provider === 'email' || typeof subject !== 'string' || subject === '') {
        throw new TypeError('findOrCreateSocial needs a social provider and a subject')
      }
      return db.transaction(async (tx) => {
        const known = (
          await tx.query('SELECT u.* FROM social_identities s JOIN users u ON u.id = s.user_id WHERE s.provider = $1 AND s.subject = $2', [provider, subject])
        )[0]
        if (known) {
          const [updated] = await tx.query('UPDATE users SET user_name = COALESCE($2, user_name), email = COALESCE($3, email) WHERE id = $1 RETURNING *', [
            known.id,
            userName ?? null,
            email ?? null,
          ])
          return userOf(updated)
        }
        const [user] = await tx.query('INSERT INTO users (id, provider, email, user_name, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING *', [
          randomUUID(),
          provider,
          email ?? null,
          userName ?? null,
          now(),
        ])
        const linked = await tx.query(
          'INSERT INTO social_identities (provider, subject, user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING user_id',
          [provider, subject, user.id],
        )
        if (linked.length === 1) return userOf(user)
        // Another instance made this identity's user meanwhile: theirs it is.
        await tx.query('DELETE FROM users WHERE id = $1', [user.id])
        return userOf(
          (
            await tx.query('SELECT u.* FROM social_identities s JOIN users u ON u.id = s.user_id WHERE s.provider = $1 AND s.subject = $2', [provider, subject])
          )[0],
        )
      })
    },

    deviceApproved: async (userId, deviceId) =>
      (await db.query('SELECT 1 FROM devices WHERE user_id = $1 AND device_id = $2', [userId, deviceId])).length === 1,
    async approveDevice(userId, deviceId) {
      await db.query('INSERT INTO devices (user_id, device_id, approved_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [userId, deviceId, now()])
    },

    /**
     * The user's wallet record: the service's share of the backup key, the backup and the
     * addresses (all null or empty before the first upload). The share alone opens nothing.
     */
    async wallet(userId) {
      const row = await one('SELECT backup, addresses, service_share FROM wallets WHERE user_id = $1', [userId])
      return row
        ? { serviceShare: row.service_share, backup: row.backup, addresses: { ...row.addresses } }
        : { serviceShare: null, backup: null, addresses: {} }
    },
    /** Keeps the first backup (with its service share) only: false when there is one already. */
    async saveBackup(userId, backup, addresses, serviceShare) {
      const saved = await db.query(
        'INSERT INTO wallets (user_id, backup, addresses, service_share, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id) DO NOTHING RETURNING user_id',
        [userId, JSON.stringify(backup), JSON.stringify(addresses), serviceShare, now()],
      )
      return saved.length === 1
    },

    // --- Device-approval links (email.mjs): one live link per (address, device), kept as its token's digest.

    /** A new link for (email, device): any previous one for them dies. */
    async putDeviceLink({ email, deviceId, userId, tokenDigest, expiresAt }) {
      await db.query(
        `INSERT INTO device_links (email, device_id, user_id, token_digest, approved, expires_at) VALUES ($1, $2, $3, $4, false, $5)
         ON CONFLICT (email, device_id) DO UPDATE SET user_id = EXCLUDED.user_id, token_digest = EXCLUDED.token_digest, approved = false, expires_at = EXCLUDED.expires_at`,
        [email, deviceId, userId, tokenDigest, expiresAt],
      )
    },
    dropDeviceLink: async (tokenDigest) => void (await db.query('DELETE FROM device_links WHERE token_digest = $1 AND NOT approved', [tokenDigest])),
    /** Whether a link for (email, device) waits to be opened. */
    deviceLinkPending: async (email, deviceId) =>
      (await db.query('SELECT 1 FROM device_links WHERE email = $1 AND device_id = $2 AND NOT approved AND expires_at > $3', [email, deviceId, now()]))
        .length === 1,
    /**
     * Opens a live link once: the device is approved and its code is owed until `owedUntil`.
     * Undefined for a link that is not live (unknown, expired or used).
     */
    async openDeviceLink(tokenDigest, owedUntil) {
      return db.transaction(async (tx) => {
        const [link] = await tx.query(
          'UPDATE device_links SET approved = true, expires_at = $3 WHERE token_digest = $1 AND NOT approved AND expires_at > $2 RETURNING email, device_id, user_id',
          [tokenDigest, now(), owedUntil],
        )
        if (!link) return undefined
        await tx.query('INSERT INTO devices (user_id, device_id, approved_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
          link.user_id,
          link.device_id,
          now(),
        ])
        return { email: link.email, deviceId: link.device_id, userId: link.user_id }
      })
    },
    /** True once for an approved device whose code is still owed (the code is then sent). */
    takeOwedCode: async (email, deviceId) =>
      (await db.query('DELETE FROM device_links WHERE email = $1 AND device_id = $2 AND approved AND expires_at > $3 RETURNING 1', [email, deviceId, now()]))
        .length === 1,

    // --- Email changes between their two codes.

    async putEmailUpdate(userId, newEmail, stage, expiresAt) {
      await db.query(
        `INSERT INTO email_updates (user_id, new_email, stage, expires_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id) DO UPDATE SET new_email = EXCLUDED.new_email, stage = EXCLUDED.stage, expires_at = EXCLUDED.expires_at`,
        [userId, newEmail, stage, expiresAt],
      )
    },
    async emailUpdate(userId) {
      const row = await one('SELECT new_email, stage FROM email_updates WHERE user_id = $1 AND expires_at > $2', [userId, now()])
      return row ? { newEmail: row.new_email, stage: row.stage } : undefined
    },
    dropEmailUpdate: async (userId) => void (await db.query('DELETE FROM email_updates WHERE user_id = $1', [userId])),

    // --- Projects (SPEC §5): the config a site's pages and frames are checked against.

    async project(id) {
      const row = await one('SELECT allowed_origins, smart_account_networks FROM projects WHERE id = $1', [id])
      return row ? { allowedOrigins: [...row.allowed_origins], smartAccountEnabledNetworks: [...row.smart_account_networks] } : undefined
    },
    /** Creates or replaces the project's origins and smart-account networks (the name and the rest are kept). */
    async putProject(id, { allowedOrigins, smartAccountEnabledNetworks }) {
      await db.query(
        `INSERT INTO projects (id, allowed_origins, smart_account_networks, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
         ON CONFLICT (id) DO UPDATE SET allowed_origins = EXCLUDED.allowed_origins, smart_account_networks = EXCLUDED.smart_account_networks, updated_at = EXCLUDED.updated_at`,
        [id, JSON.stringify(allowedOrigins), JSON.stringify(smartAccountEnabledNetworks), now()],
      )
    },
  }
}
