// The sign-ins under way, in the auth service's database (tables of migration 0006): social
// sign-in's started states (OAuth state and PKCE verifier) and results, and Farcaster sign-in's
// channels. A restart keeps them, and an instance on the same database finishes what another
// started. Each is taken once by one statement (an UPDATE of a live, unused row, or a DELETE),
// so two instances asked at once cannot both take it. Expired rows are swept when new ones are
// written.

/** @param {{ db: import('../../server/db/database.d.mts').Database, now: () => number }} options */
export function createFlows({ db, now }) {
  return {
    // --- Social sign-in (social.mjs).

    /** Keeps a started sign-in; those past `keepMs` after their expiry go. */
    async putSocialState({ state, projectId, provider, returnTo, codeVerifier, expiresAt }, keepMs) {
      await db.query('DELETE FROM social_states WHERE expires_at + $2 <= $1', [now(), keepMs])
      await db.query('INSERT INTO social_states (state, project_id, provider, return_to, code_verifier, expires_at) VALUES ($1, $2, $3, $4, $5, $6)', [
        state,
        projectId,
        provider,
        returnTo,
        codeVerifier,
        expiresAt,
      ])
    },

    /**
     * Takes a started sign-in once: `{ entry, first }` where `first` is false for a state taken
     * before; undefined for a state never given or past `keepMs` after its expiry.
     */
    async takeSocialState(state, keepMs) {
      const entryOf = (row) => ({
        projectId: row.project_id,
        provider: row.provider,
        returnTo: row.return_to,
        codeVerifier: row.code_verifier,
        expiresAt: row.expires_at,
      })
      const [taken] = await db.query('UPDATE social_states SET used = true WHERE state = $1 AND NOT used AND expires_at + $3 > $2 RETURNING *', [
        state,
        now(),
        keepMs,
      ])
      if (taken) return { entry: entryOf(taken), first: true }
      const [spent] = await db.query('SELECT * FROM social_states WHERE state = $1 AND expires_at + $3 > $2', [state, now(), keepMs])
      return spent ? { entry: entryOf(spent), first: false } : undefined
    },

    /** Keeps a sign-in's result (the provider's identity) for `projectId`. */
    async putSocialResult({ id, projectId, identity, expiresAt }) {
      await db.query('DELETE FROM social_results WHERE expires_at <= $1', [now()])
      await db.query('INSERT INTO social_results (id, project_id, provider, subject, user_name, email, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        id,
        projectId,
        identity.provider,
        identity.subject,
        identity.userName,
        identity.email,
        expiresAt,
      ])
    },

    /**
     * Redeems a live result of `projectId` once: `{ identity }`, 'used' when it was redeemed
     * before, undefined when there is none (unknown, expired or another project's).
     */
    async takeSocialResult(id, projectId) {
      const [taken] = await db.query('UPDATE social_results SET used = true WHERE id = $1 AND project_id = $2 AND NOT used AND expires_at > $3 RETURNING *', [
        id,
        projectId,
        now(),
      ])
      if (taken) return { identity: { provider: taken.provider, subject: taken.subject, userName: taken.user_name ?? null, email: taken.email ?? null } }
      const spent = await db.query('SELECT 1 FROM social_results WHERE id = $1 AND project_id = $2 AND expires_at > $3', [id, projectId, now()])
      return spent.length === 1 ? 'used' : undefined
    },

    // --- Farcaster sign-in (farcaster.mjs).

    async putFarcasterChannel({ channelToken, projectId, nonce, domain, expiresAt }) {
      await db.query('DELETE FROM farcaster_channels WHERE expires_at <= $1', [now()])
      await db.query('INSERT INTO farcaster_channels (channel_token, project_id, nonce, domain, expires_at) VALUES ($1, $2, $3, $4, $5)', [
        channelToken,
        projectId,
        nonce,
        domain,
        expiresAt,
      ])
    },

    /** The live channel of `projectId` (`{ nonce, domain }`), left in place; undefined when there is none. */
    async farcasterChannel(channelToken, projectId) {
      const [row] = await db.query('SELECT nonce, domain FROM farcaster_channels WHERE channel_token = $1 AND project_id = $2 AND expires_at > $3', [
        channelToken,
        projectId,
        now(),
      ])
      return row ? { nonce: row.nonce, domain: row.domain } : undefined
    },

    /** Takes the live channel of `projectId` once (DELETE … RETURNING): `{ nonce, domain }`, or undefined. */
    async takeFarcasterChannel(channelToken, projectId) {
      const [row] = await db.query('DELETE FROM farcaster_channels WHERE channel_token = $1 AND project_id = $2 AND expires_at > $3 RETURNING nonce, domain', [
        channelToken,
        projectId,
        now(),
      ])
      return row ? { nonce: row.nonce, domain: row.domain } : undefined
    },
  }
}
