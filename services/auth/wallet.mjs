// The wallet's recovery record (API.md "Session and wallet"): the frame makes the keys and a random
// backup key K, encrypts a backup with K, and splits K 2 of 3 (Shamir): one share stays sealed on
// the device, one is the visitor's recovery code, and one, the service share, is kept here with
// the backup and released only to a signed-in session of its user. The service's share and the
// backup together open nothing: a second share (the device's or the visitor's) is needed, so
// neither this service nor a thief of its storage can decrypt a wallet.
//
// Only the first backup is kept: a second one would replace the keys of a wallet that may hold
// funds, and nothing the frame does should be able to do that. The service never reads the
// backup or the share; it only checks their shape and size, and that the addresses look like
// addresses, since the frame shows them before it has decrypted anything.
import { registerRoutes } from './routeTable.mjs'
import { authenticate } from './sessions.mjs'

/** The largest backup kept, as JSON (the frame's is a few hundred bytes). */
export const MAX_BACKUP_CHARS = 16 * 1024

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const ADDRESS_FORMS = { eip155: EVM_ADDRESS, solana: SOLANA_ADDRESS }

/** A share of the 32-byte backup key (shamir-secret-sharing: 33 bytes), base64. */
const SERVICE_SHARE = /^[A-Za-z0-9+/]{44}$/

const isPlainObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value)

function validBackup(backup) {
  if (typeof backup === 'string') return backup.length > 0 && backup.length <= MAX_BACKUP_CHARS
  return isPlainObject(backup) && JSON.stringify(backup).length <= MAX_BACKUP_CHARS
}

function validAddresses(addresses) {
  if (!isPlainObject(addresses)) return false
  return Object.entries(addresses).every(([namespace, address]) => ADDRESS_FORMS[namespace]?.test(address) === true)
}

/** `GET /v1/wallet` and `PUT /v1/wallet`: registers them on `app`. */
export function walletRoutes(app, ctx, { sessions, store }) {
  registerRoutes(app, ctx, {
    'GET /v1/wallet': async (req, res) => {
      const session = await authenticate(ctx, sessions, store, req, res)
      if (session) ctx.sendJson(res, 200, await store.wallet(session.user.id))
    },
    'PUT /v1/wallet': async (req, res) => {
      const session = await authenticate(ctx, sessions, store, req, res)
      if (!session) return
      const body = await ctx.readJson(req)
      if (!validBackup(body?.backup)) return ctx.sendError(res, 400, 'Invalid backup')
      if (!validAddresses(body.addresses)) return ctx.sendError(res, 400, 'Invalid addresses')
      if (typeof body.serviceShare !== 'string' || !SERVICE_SHARE.test(body.serviceShare)) return ctx.sendError(res, 400, 'Invalid serviceShare')
      if (!(await store.saveBackup(session.user.id, body.backup, body.addresses, body.serviceShare))) return ctx.sendError(res, 409, 'Wallet exists')
      ctx.sendJson(res, 200, {})
    },
  })
}
