// A local Sign In With Farcaster relay: the channel API that @farcaster/auth-client's
// createAppClient and createWalletClient speak (relay.farcaster.xyz in production), mounted under
// `/farcaster` of the auth service so the demo and the tests need no vendor cloud.
//
// The protocol (farcasterxyz/auth-monorepo apps/relay, matched here field for field):
// - POST /v1/channel { siweUri, domain, nonce?, notBefore?, expirationTime?, requestId?,
//   redirectUrl?, acceptAuthAddress? } → 201 { channelToken, url, connectUri, nonce }. `url` is the
//   `farcaster://connect?…` link the page shows as a QR code; it carries the channel token and the
//   SIWE parameters, so the Farcaster app can build the message without asking anyone.
// - POST /v1/channel/authenticate (Bearer channel token; the app's X-Farcaster-Auth-Relay-Key)
//   { message, signature, fid, username?, bio?, displayName?, pfpUrl?, authMethod? } → 201 the channel.
// - GET /v1/channel/status (Bearer channel token) → 202 the channel while pending; 200 once completed,
//   and the channel is closed by that read, so a completed sign-in is handed out once.
// - /v1/connect, /v1/connect/authenticate, /v1/connect/status: the older names, same handlers.
// Errors are the relay's `{ error }` (not the auth service's `{ message }`): auth-client reads them.
//
// The relay only carries the message: it proves nothing. Whoever reads the status must verify the
// signature against the ID registry (farcaster.mjs does). Channels live 5 minutes. Without
// `authKey` any caller may authenticate a channel (there is no Farcaster app to trust locally);
// with one, the relay asks for it as the hosted relay does.
//
// Its channels stay in this process's memory, as a stand-in for Farcaster's own relay may keep
// them: what the auth service must keep across a restart (the channels it opened and what it checks
// the message against) is in its database (flows.mjs). Several instances share one relay, as they
// would share Farcaster's.
import { randomBytes, randomUUID } from 'node:crypto'

/** How long a channel lives, created or completed. */
export const CHANNEL_TTL_MS = 5 * 60_000
/** The scheme and host of the link the Farcaster app opens. */
export const CONNECT_URI_BASE = 'farcaster://connect'

const DOMAIN = /^[a-zA-Z0-9.-]+(:[0-9]+)?$/
const SIGNATURE = /^0x[a-fA-F0-9]{130}$/
const USERNAME = /^[a-z0-9][a-z0-9-]{0,15}$|^[a-z0-9][a-z0-9-]{0,15}\.eth$/
const NONCE = /^[a-zA-Z0-9]{8,}$/
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A SIWE nonce from node:crypto (viem's generateSiweNonce draws on Math.random). */
export function randomNonce(length = 24) {
  // 62 × 4 = 248: bytes at or above it are dropped so every character is equally likely.
  let nonce = ''
  while (nonce.length < length) {
    for (const byte of randomBytes(length)) {
      if (byte < 248 && nonce.length < length) nonce += ALPHANUMERIC[byte % 62]
    }
  }
  return nonce
}

const CREATE_FIELDS = {
  siweUri: (v) => typeof v === 'string' && URL.canParse(v),
  domain: (v) => typeof v === 'string' && DOMAIN.test(v),
  nonce: (v) => typeof v === 'string' && NONCE.test(v),
  notBefore: (v) => typeof v === 'string' && !Number.isNaN(Date.parse(v)),
  expirationTime: (v) => typeof v === 'string' && !Number.isNaN(Date.parse(v)),
  requestId: (v) => typeof v === 'string',
  redirectUrl: (v) => typeof v === 'string',
  acceptAuthAddress: (v) => typeof v === 'boolean',
}
const AUTHENTICATE_FIELDS = {
  message: (v) => typeof v === 'string' && v.length > 0 && v.length <= 4096,
  signature: (v) => typeof v === 'string' && SIGNATURE.test(v),
  fid: (v) => Number.isSafeInteger(v) && v > 0,
  username: (v) => typeof v === 'string' && USERNAME.test(v),
  bio: (v) => typeof v === 'string',
  displayName: (v) => typeof v === 'string',
  pfpUrl: (v) => typeof v === 'string' && URL.canParse(v),
  authMethod: (v) => v === 'custody' || v === 'authAddress',
}

/** The first problem with `body` against `fields` (all of `required` present, no other key), or null. */
function invalid(body, fields, required) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body must be an object'
  for (const key of required) if (!(key in body)) return `body must have required property '${key}'`
  for (const [key, value] of Object.entries(body)) {
    const check = fields[key]
    if (!check) return `body must NOT have additional property '${key}'`
    if (!check(value)) return `body/${key} is not valid`
  }
  return null
}

function bearer(req) {
  const [scheme, token] = (req.headers.authorization ?? '').split(' ')
  return scheme === 'Bearer' && token ? token : undefined
}

/**
 * The relay: `register(app)` puts its routes under `prefix` on a Fastify scope. `ctx` gives the
 * clock and the JSON helpers (AuthContext); `getCustody(fid)`, when given, fills a completed
 * channel's `custody` as the hosted relay does from a hub.
 */
export function createFarcasterRelay(ctx, { prefix = '/farcaster', authKey, ttlMs = CHANNEL_TTL_MS, getCustody } = {}) {
  /** channelToken → { expiresAt, channel } */
  const channels = new Map()

  function sweep() {
    const now = ctx.now()
    for (const [token, entry] of channels) if (entry.expiresAt <= now) channels.delete(token)
  }

  function open(token) {
    sweep()
    return channels.get(token)
  }

  async function create(req, res) {
    const body = await ctx.readJson(req).catch(() => undefined)
    const problem = invalid(body, CREATE_FIELDS, ['siweUri', 'domain'])
    if (problem) return ctx.sendJson(res, 400, { error: 'Validation error', message: problem })
    const channelToken = randomUUID()
    const nonce = body.nonce ?? randomNonce()
    const query = new URLSearchParams({ channelToken, nonce, siweUri: body.siweUri, domain: body.domain })
    for (const key of ['notBefore', 'expirationTime', 'requestId']) if (body[key] !== undefined) query.set(key, body[key])
    const url = `${CONNECT_URI_BASE}?${query}`
    sweep()
    channels.set(channelToken, {
      expiresAt: ctx.now() + ttlMs,
      channel: {
        state: 'pending',
        nonce,
        url,
        connectUri: url,
        acceptAuthAddress: body.acceptAuthAddress ?? false,
        signatureParams: { ...body, nonce },
        metadata: { userAgent: req.headers['user-agent'] ?? 'Unknown', ip: req.ip ?? '' },
      },
    })
    ctx.sendJson(res, 201, { channelToken, url, connectUri: url, nonce })
  }

  async function authenticate(req, res, token) {
    const key = req.headers['x-farcaster-auth-relay-key'] ?? req.headers['x-farcaster-connect-auth-key']
    if (authKey !== undefined && key !== authKey) return ctx.sendJson(res, 401, { error: 'Unauthorized' })
    const body = await ctx.readJson(req).catch(() => undefined)
    const problem = invalid(body, AUTHENTICATE_FIELDS, ['message', 'signature', 'fid'])
    if (problem) return ctx.sendJson(res, 400, { error: 'Validation error', message: problem })
    const entry = open(token)
    if (!entry) return ctx.sendJson(res, 401, { error: 'Unauthorized' })
    // The hosted relay lets a second authenticate overwrite the first; refusing it keeps whoever
    // answered first from being replaced by someone else who saw the QR code.
    if (entry.channel.state === 'completed') return ctx.sendJson(res, 409, { error: 'Channel already completed' })
    const { message, signature, fid, username, displayName, bio, pfpUrl, authMethod } = body
    let custody
    if (getCustody) {
      try {
        custody = await getCustody(fid)
      } catch (error) {
        return ctx.sendJson(res, 500, { error: `Could not read the custody address: ${error instanceof Error ? error.message : error}` })
      }
    }
    // Read again: the channel may have completed or expired while the custody was read.
    if (open(token) !== entry || entry.channel.state === 'completed') return ctx.sendJson(res, 409, { error: 'Channel already completed' })
    entry.channel = {
      ...entry.channel,
      state: 'completed',
      message,
      signature,
      fid,
      username,
      displayName,
      bio,
      pfpUrl,
      authMethod: authMethod ?? 'custody',
      ...(custody ? { custody } : {}),
      verifications: [],
    }
    entry.expiresAt = ctx.now() + ttlMs
    ctx.sendJson(res, 201, entry.channel)
  }

  function status(res, token) {
    const entry = open(token)
    if (!entry) return ctx.sendJson(res, 401, { error: 'Unauthorized' })
    const { connectUri: _connectUri, ...answer } = entry.channel
    if (answer.state !== 'completed') return ctx.sendJson(res, 202, answer)
    channels.delete(token)
    ctx.sendJson(res, 200, answer)
  }

  /** A handler that needs the channel token (Bearer). */
  const withToken = (handler) => async (req, res) => {
    const token = bearer(req)
    if (!token) return ctx.sendJson(res, 401, { error: 'Unauthorized' })
    await handler(req, res, token)
  }

  function register(app) {
    // /v1/connect… are the older names of /v1/channel….
    for (const name of ['channel', 'connect']) {
      app.post(`${prefix}/v1/${name}`, create)
      app.post(`${prefix}/v1/${name}/authenticate`, withToken(authenticate))
      app.get(
        `${prefix}/v1/${name}/status`,
        withToken(async (_req, res, token) => status(res, token)),
      )
    }
  }

  return { register, channelCount: () => (sweep(), channels.size) }
}
