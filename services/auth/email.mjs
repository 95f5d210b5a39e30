// Email sign-in and email update (SPEC §4 "Email connect response action", API.md "Email").
//
// Sign-in: /v1/email/connect answers VERIFY_OTP and mails a code, except for a known user on a
// device they never approved: then it mails a device-approval link and answers VERIFY_DEVICE. The
// frame then holds /v1/email/device open; opening the link (GET /v1/device/approve) approves the
// device and wakes that request, which mails the code. /v1/email/otp spends the code, makes the
// user on first sign-in, approves the device and answers a session. So a stolen code alone does not
// reach an existing wallet from a new device: the owner must also open the link. The code is bound
// to the device that asked for it.
//
// Cool-down (SPEC §5): /v1/email/connect mails an address at most once per 30 s, a code or a link
// ("Please try again after N seconds", 429). The code /v1/email/device sends right after its
// approval is not held back by the link's cool-down (the owner just proved the address), but it
// starts a new one; a /v1/email/device with no approval to follow up is under the cool-down.
//
// Update (session): /v1/email/update mails a code to the current address (VERIFY_PRIMARY_OTP),
// /update/primary checks it and mails a code to the new one (VERIFY_SECONDARY_OTP), /update/secondary
// checks that and moves the account, answering { newEmail, token }. The update's cool-down is its
// own, so signing in does not block changing the address a moment later.
//
// Links, owed codes, updates, codes and cool-downs are in the database (./store.mjs, ./codes.mjs):
// a link mailed by one instance may be opened on another, and the frame's waiting request sees it.
import { createHash, randomBytes } from 'node:crypto'
import { registerRoutes } from './routeTable.mjs'
import { CODE_TTL_MS } from './codes.mjs'
import { authenticate } from './sessions.mjs'

/** How long /v1/email/device waits for the link to be opened. */
export const DEVICE_WAIT_MS = 20_000

const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/
const DEVICE_ID = /^[A-Za-z0-9._:-]{1,128}$/

/** The address as the service keys it (trimmed, lower case), or undefined when it is not one. */
export function normalizeEmail(value) {
  if (typeof value !== 'string') return undefined
  const email = value.trim().toLowerCase()
  return EMAIL.test(email) ? email : undefined
}

const deviceKey = (email, deviceId) => `${email}\n${deviceId}`
const tooSoon = (seconds) => `Please try again after ${seconds} seconds`

/** How often a waiting /v1/email/device looks for an approval made on another instance. */
export const DEVICE_POLL_MS = 250

const tokenDigest = (token) => createHash('sha256').update(token).digest()

/** A small static page: no script may run in it (its CSP says so), nothing is cached. */
function sendHtml(reply, status, title, text) {
  const escape = (value) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  reply
    .code(status)
    .headers({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    })
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
        `<body style="font-family: system-ui, sans-serif; margin: 3rem auto; max-width: 32rem"><p>${escape(text)}</p></body></html>`,
    )
}

export function emailRoutes(ctx, { store, sessions, codes, cooldowns, mailer, deviceWaitMs = DEVICE_WAIT_MS, log }) {
  /**
   * /v1/email/device requests waiting here for a link: key → Set<(approved) => void>. A link
   * opened on this instance wakes them at once; one opened on another is seen by polling.
   */
  const waiters = new Map()

  /** Sends one mail; on failure gives back the cool-down slot and answers 502. True when sent. */
  const mailed = async (res, cooldownKey, send) => {
    try {
      await send()
      return true
    } catch (error) {
      if (cooldownKey) await cooldowns.release(cooldownKey)
      log(`auth: mail failed: ${error.message}`)
      ctx.sendError(res, 502, 'Could not send the email')
      return false
    }
  }

  /** The caller and the { email, deviceId } of a sign-in body, or undefined when it answered. */
  const signInRequest = async (req, res) => {
    const caller = await ctx.caller(req, res)
    if (!caller) return undefined
    const body = await ctx.readJson(req)
    const email = normalizeEmail(body?.email)
    if (!email) return void ctx.sendError(res, 400, 'Invalid email')
    const deviceId = body.deviceId
    if (typeof deviceId !== 'string' || !DEVICE_ID.test(deviceId)) return void ctx.sendError(res, 400, 'Invalid deviceId')
    return { body, email, deviceId }
  }

  const sendLoginCode = async (res, email, deviceId, cooldownKey) => {
    const loginKey = `login:${email}`
    const code = await codes.issue(loginKey, deviceId)
    const sent = await mailed(res, cooldownKey, () => mailer.sendLoginCode(email, code))
    if (!sent) return codes.discard(loginKey)
    ctx.sendJson(res, 200, { action: 'VERIFY_OTP' })
  }

  /** Resolves true once (userId, deviceId) is approved (here or on another instance), false at the time-out or when the caller left. */
  const waitForApproval = (key, userId, deviceId, res) =>
    new Promise((resolve) => {
      let settled = false
      const done = (approved) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        clearInterval(poll)
        res.raw.off('close', gone)
        const set = waiters.get(key)
        set?.delete(done)
        if (set?.size === 0) waiters.delete(key)
        resolve(approved)
      }
      const gone = () => done(false)
      const timer = setTimeout(gone, deviceWaitMs)
      const poll = setInterval(() => {
        store.deviceApproved(userId, deviceId).then(
          (approved) => approved && done(true),
          () => undefined,
        )
      }, DEVICE_POLL_MS)
      if (!waiters.has(key)) waiters.set(key, new Set())
      waiters.get(key).add(done)
      res.raw.on('close', gone)
    })

  const routes = {
    'POST /v1/email/connect': async (req, res) => {
      const request = await signInRequest(req, res)
      if (!request) return
      const { email, deviceId } = request
      const cooldownKey = `login:${email}`
      const wait = await cooldowns.reserve(cooldownKey)
      if (wait) return ctx.sendError(res, 429, tooSoon(wait))
      const user = await store.userByEmail(email)
      if (!user || (await store.deviceApproved(user.id, deviceId))) return sendLoginCode(res, email, deviceId, cooldownKey)

      // A new link replaces the previous one for this (address, device).
      const token = randomBytes(32).toString('base64url')
      await store.putDeviceLink({ email, deviceId, userId: user.id, tokenDigest: tokenDigest(token), expiresAt: ctx.now() + CODE_TTL_MS })
      const link = `${ctx.baseUrl}/v1/device/approve?token=${token}`
      if (!(await mailed(res, cooldownKey, () => mailer.sendDeviceLink(email, link)))) return store.dropDeviceLink(tokenDigest(token))
      ctx.sendJson(res, 200, { action: 'VERIFY_DEVICE' })
    },

    'POST /v1/email/device': async (req, res) => {
      const request = await signInRequest(req, res)
      if (!request) return
      const { email, deviceId } = request
      const user = await store.userByEmail(email)
      const key = deviceKey(email, deviceId)
      if (!user) return ctx.sendError(res, 400, 'No device check pending')
      if (!(await store.deviceApproved(user.id, deviceId))) {
        if (await store.deviceLinkPending(email, deviceId)) {
          if (!(await waitForApproval(key, user.id, deviceId, res))) return ctx.sendError(res, 408, 'Device not approved yet')
          // No link waiting: unless it was opened (on any instance) since the first look, there is nothing to wait for.
        } else if (!(await store.deviceApproved(user.id, deviceId))) return ctx.sendError(res, 400, 'No device check pending')
      }
      const cooldownKey = `login:${email}`
      if (await store.takeOwedCode(email, deviceId)) {
        await cooldowns.stamp(cooldownKey)
        return sendLoginCode(res, email, deviceId, undefined)
      }
      const wait = await cooldowns.reserve(cooldownKey)
      if (wait) return ctx.sendError(res, 429, tooSoon(wait))
      return sendLoginCode(res, email, deviceId, cooldownKey)
    },

    'GET /v1/device/approve': async (_req, res, url) => {
      const token = url.searchParams.get('token') ?? ''
      const approval = token === '' ? undefined : await store.openDeviceLink(tokenDigest(token), ctx.now() + CODE_TTL_MS)
      if (!approval) return sendHtml(res, 400, 'Link expired', 'This link has expired or was already used. Ask for a new one where you signed in.')
      for (const done of [...(waiters.get(deviceKey(approval.email, approval.deviceId)) ?? [])]) done(true)
      sendHtml(res, 200, 'Device approved', 'Device approved. You can close this tab.')
    },

    'POST /v1/email/otp': async (req, res) => {
      const request = await signInRequest(req, res)
      if (!request) return
      const { body, email, deviceId } = request
      const result = await codes.check(`login:${email}`, body.otp, deviceId)
      if (result === 'expired') return ctx.sendError(res, 400, 'Code expired')
      if (result !== 'ok') return ctx.sendError(res, 400, 'Invalid code')
      const user = (await store.userByEmail(email)) ?? (await store.createEmailUser(email))
      await store.approveDevice(user.id, deviceId)
      ctx.sendJson(res, 200, { token: await sessions.issue(user), user })
    },

    'POST /v1/email/update': async (req, res) => {
      const session = await authenticate(ctx, sessions, store, req, res)
      if (!session) return
      const { user } = session
      const body = await ctx.readJson(req)
      const newEmail = normalizeEmail(body?.email)
      if (!newEmail) return ctx.sendError(res, 400, 'Invalid email')
      if (user.provider !== 'email' || !user.email) return ctx.sendError(res, 400, 'Only an email account can change its email')
      if (newEmail === user.email) return ctx.sendError(res, 400, 'This is already your email')
      if (await store.userByEmail(newEmail)) return ctx.sendError(res, 409, 'Email already in use')
      const cooldownKey = `update:${user.id}`
      const wait = await cooldowns.reserve(cooldownKey)
      if (wait) return ctx.sendError(res, 429, tooSoon(wait))
      const codeKey = `update-primary:${user.id}`
      const code = await codes.issue(codeKey, user.email)
      await codes.discard(`update-secondary:${user.id}`)
      if (!(await mailed(res, cooldownKey, () => mailer.sendUpdatePrimaryCode(user.email, code, newEmail)))) return codes.discard(codeKey)
      await store.putEmailUpdate(user.id, newEmail, 'primary', ctx.now() + CODE_TTL_MS)
      ctx.sendJson(res, 200, { action: 'VERIFY_PRIMARY_OTP' })
    },

    'POST /v1/email/update/primary': async (req, res) => {
      const session = await authenticate(ctx, sessions, store, req, res)
      if (!session) return
      const { user } = session
      const body = await ctx.readJson(req)
      const update = await store.emailUpdate(user.id)
      if (!update || update.stage !== 'primary') return ctx.sendError(res, 400, 'No email update pending')
      const result = await codes.check(`update-primary:${user.id}`, body?.otp, user.email)
      if (result === 'expired') return ctx.sendError(res, 400, 'Code expired')
      if (result !== 'ok') return ctx.sendError(res, 400, 'Invalid code')
      const codeKey = `update-secondary:${user.id}`
      const code = await codes.issue(codeKey, update.newEmail)
      if (!(await mailed(res, undefined, () => mailer.sendUpdateSecondaryCode(update.newEmail, code)))) return codes.discard(codeKey)
      await store.putEmailUpdate(user.id, update.newEmail, 'secondary', ctx.now() + CODE_TTL_MS)
      ctx.sendJson(res, 200, { action: 'VERIFY_SECONDARY_OTP' })
    },

    'POST /v1/email/update/secondary': async (req, res) => {
      const session = await authenticate(ctx, sessions, store, req, res)
      if (!session) return
      const { user } = session
      const body = await ctx.readJson(req)
      const update = await store.emailUpdate(user.id)
      if (!update || update.stage !== 'secondary') return ctx.sendError(res, 400, 'No email update pending')
      const result = await codes.check(`update-secondary:${user.id}`, body?.otp, update.newEmail)
      if (result === 'expired') return ctx.sendError(res, 400, 'Code expired')
      if (result !== 'ok') return ctx.sendError(res, 400, 'Invalid code')
      await store.dropEmailUpdate(user.id)
      if (!(await store.changeEmail(user.id, update.newEmail))) return ctx.sendError(res, 409, 'Email already in use')
      ctx.sendJson(res, 200, { newEmail: update.newEmail, token: await sessions.issue(user) })
    },
  }

  return {
    /** Registers the routes on the service's Fastify scope. */
    register: (app) => registerRoutes(app, ctx, routes),
    /** Ends every waiting /v1/email/device (the service is stopping). */
    close() {
      for (const set of [...waiters.values()]) for (const done of [...set]) done(false)
    },
  }
}
