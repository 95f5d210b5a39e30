// The wallet's recovery record (API.md "Session and wallet"): the frame makes the keys, encrypts a
// backup with the user's wrap key and stores it here, so the same user gets the same wallet on
// another device. Only the first backup is kept: a second one would replace the keys of a wallet
// that may hold funds, and nothing the frame does should be able to do that.
//
// The service never reads the backup; it only checks its shape and size, and that the addresses
// look like addresses, since the frame shows them before it has decrypted anything.
import { routeTable } from './http.mjs'
import { authenticate } from './sessions.mjs'

/** The largest backup kept, as JSON (the frame's is a few hundred bytes). */
export const MAX_BACKUP_CHARS = 16 * 1024

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const ADDRESS_FORMS = { eip155: EVM_ADDRESS, solana: SOLANA_ADDRESS }

const isPlainObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value)

function validBackup(backup) {
  if (typeof backup === 'string') return backup.length > 0 && backup.length <= MAX_BACKUP_CHARS
  return isPlainObject(backup) && JSON.stringify(backup).length <= MAX_BACKUP_CHARS
}

function validAddresses(addresses) {
  if (!isPlainObject(addresses)) return false
  return Object.entries(addresses).every(([namespace, address]) => ADDRESS_FORMS[namespace]?.test(address) === true)
}

export function walletRoutes(ctx, { sessions, store }) {
  return routeTable({
    'GET /v1/wallet': async (req, res) => {
      const session = await authenticate(ctx, sessions, store, req, res)
      if (session) ctx.sendJson(res, 200, store.wallet(session.user.id))
    },
    'PUT /v1/wallet': async (req, res) => {
      const session = await authenticate(ctx, sessions, store, req, res)
      if (!session) return
      const body = await ctx.readJson(req)
      if (!validBackup(body?.backup)) return ctx.sendError(res, 400, 'Invalid backup')
      if (!validAddresses(body.addresses)) return ctx.sendError(res, 400, 'Invalid addresses')
      if (!store.saveBackup(session.user.id, body.backup, body.addresses)) return ctx.sendError(res, 409, 'Wallet exists')
      ctx.sendJson(res, 200, {})
    },
  })
}
