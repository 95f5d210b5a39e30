// The console's first owner. While no admin exists, each start of the server makes a first-run
// secret (192 random bits, base64url), keeps only its SHA-256 (console_first_run, one row: a new
// start replaces the old secret) and hands the secret to the bin, which prints it once: the only
// place it ever appears. A signed-in wallet that sends it back becomes an admin and the owner of
// every project there is; the row is deleted in the same transaction, so the secret works once.
import { createHash, randomBytes } from 'node:crypto'

const digest = (secret) => createHash('sha256').update(secret).digest()

/** Whether any admin exists (else the console is at its first run). */
export async function hasAdmin(db) {
  return (await db.query('SELECT 1 FROM console_admins LIMIT 1')).length > 0
}

/**
 * At start: when no admin exists, a new first-run secret replacing any old one, as
 * `{ secret, url }` (`url` the console's); else undefined (and any stale secret is dropped).
 */
export async function prepareFirstRun(db, { publicUrl, now = Date.now }) {
  return db.transaction(async (tx) => {
    if ((await tx.query('SELECT 1 FROM console_admins LIMIT 1')).length > 0) {
      await tx.query('DELETE FROM console_first_run')
      return undefined
    }
    const secret = randomBytes(24).toString('base64url')
    await tx.query('DELETE FROM console_first_run')
    await tx.query('INSERT INTO console_first_run (digest, created_at) VALUES ($1, $2)', [digest(secret), now()])
    return { secret, url: `${publicUrl.replace(/\/+$/, '')}/console` }
  })
}

/**
 * `address` (a normalised CAIP-10 account) claims the console with `secret`: true when it was the
 * live first-run secret (now spent; `address` an admin and owner of every project), false when it
 * is wrong or was spent already.
 */
export async function claimFirstRun(db, { address, secret, now = Date.now }) {
  if (typeof secret !== 'string' || secret.length === 0 || secret.length > 200) return false
  return db.transaction(async (tx) => {
    // Deleting by digest spends it atomically: of two claims at once, one deletes the row.
    const spent = await tx.query('DELETE FROM console_first_run WHERE digest = $1 RETURNING created_at', [digest(secret)])
    if (spent.length === 0) return false
    await tx.query('INSERT INTO console_admins (address, added_at) VALUES ($1, $2) ON CONFLICT (address) DO NOTHING', [address, now()])
    await tx.query(
      `INSERT INTO console_owners (project_id, address, added_at) SELECT id, $1, $2 FROM projects
       ON CONFLICT (project_id, address) DO NOTHING`,
      [address, now()],
    )
    return true
  })
}
