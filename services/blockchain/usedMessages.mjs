// Which name registration messages were used (services/blockchain/profiles.mjs): each registers
// once. `used(message)` asks; `claim(message, issuedAt)` takes it, true for the one caller that
// did (atomic: of two instances claiming the same message at once, one wins). Entries older than
// `maxAgeMs` are forgotten: such a message is refused as stale before it is looked up.

/** In the process's memory: for a Blockchain API without a database. */
export function memoryUsedMessages({ now = Date.now, maxAgeMs }) {
  const used = new Map()
  const sweep = () => {
    for (const [message, issuedAt] of used) if (now() - issuedAt > maxAgeMs) used.delete(message)
  }
  return {
    async used(message) {
      sweep()
      return used.has(message)
    },
    async claim(message, issuedAt) {
      sweep()
      if (used.has(message)) return false
      used.set(message, issuedAt)
      return true
    },
  }
}

/** In the database (migration 0007): shared by every instance on it, kept across restarts. */
export function databaseUsedMessages({ db, now = Date.now, maxAgeMs }) {
  return {
    async used(message) {
      return (await db.query('SELECT 1 FROM name_registration_messages WHERE message = $1', [message])).length > 0
    },
    async claim(message, issuedAt) {
      await db.query('DELETE FROM name_registration_messages WHERE issued_at < $1', [now() - maxAgeMs])
      const rows = await db.query(
        'INSERT INTO name_registration_messages (message, issued_at) VALUES ($1, $2) ON CONFLICT (message) DO NOTHING RETURNING message',
        [message, issuedAt],
      )
      return rows.length === 1
    },
  }
}
