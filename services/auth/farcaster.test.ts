/**
 * Sign In With Farcaster against a real anvil: the ID-registry stub placed where auth-client reads,
 * the relay spoken to by auth-client's own clients, the test signer, and the connect answers
 * (a session for the custody key's fid; 401 for another key; 408 while pending).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startAnvil, type Anvil } from '../chain/anvil.mjs'
import { farcasterRoutes, registerFarcasterUser, signInWithFarcaster } from './farcaster.mjs'
import { startAuthService, type AuthService, type AuthUser } from './server.mjs'
import { startSmtpSink, type SmtpSink } from './smtpSink.mjs'
import { idleMs } from '../../tests/support/until'

const PROJECT = 'farcaster-test-project'
const OTHER_PROJECT = 'another-project'
const PAGE = 'https://shop.example'

let anvil: Anvil
let sink: SmtpSink
let auth: AuthService
let base: string
/** How far the service's clock is ahead of the real one. */
let clockAhead = 0

beforeAll(async () => {
  ;[anvil, sink] = await Promise.all([startAnvil(), startSmtpSink()])
  auth = await startAuthService({
    smtp: { host: sink.host, port: sink.port },
    projects: {
      [PROJECT]: { allowedOrigins: [PAGE], smartAccountEnabledNetworks: [] },
      [OTHER_PROJECT]: { allowedOrigins: [PAGE], smartAccountEnabledNetworks: [] },
    },
    frameOrigins: ['http://127.0.0.1:1'],
    now: () => Date.now() + clockAhead,
    routes: [(ctx) => farcasterRoutes(ctx, { rpcUrl: anvil.url, connectWaitMs: 1_000, pollIntervalMs: 50 })],
  })
  base = auth.url
}, idleMs(30_000))

afterAll(async () => {
  await auth?.stop()
  await sink?.stop()
  await anvil?.stop()
})

const headers = (project = PROJECT) => ({ 'content-type': 'application/json', 'x-airlock-project': project, 'x-airlock-origin': PAGE })

/** The user a session token belongs to, as the service says. */
async function sessionUser(token: unknown) {
  const response = await fetch(`${base}/v1/session`, { headers: { ...headers(), authorization: `Bearer ${String(token)}` } })
  expect(response.status).toBe(200)
  return ((await response.json()) as { user: AuthUser }).user
}

async function call(path: string, body?: unknown, project = PROJECT) {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: headers(project), body: JSON.stringify(body ?? {}) })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function newChannel() {
  const { status, body } = await call('/v1/farcaster/uri')
  expect(status).toBe(200)
  return body as { url: string; channelToken: string }
}

describe('Sign In With Farcaster', () => {
  it('gives a farcaster://connect link for the page, and a session once the custody key signs it', async () => {
    const custody = generatePrivateKey()
    await registerFarcasterUser({ rpcUrl: anvil.url, fid: 4242, custody: privateKeyToAccount(custody).address })
    const { url, channelToken } = await newChannel()
    const link = new URL(url)
    expect(`${link.protocol}//${link.host}`).toBe('farcaster://connect')
    expect(link.searchParams.get('channelToken')).toBe(channelToken)
    expect(link.searchParams.get('domain')).toBe('shop.example')
    expect(link.searchParams.get('siweUri')).toBe(PAGE)

    const signed = await signInWithFarcaster({ relayUrl: `${base}/farcaster`, url, fid: 4242, username: 'alice', privateKey: custody })
    expect(signed.message).toContain('shop.example wants you to sign in with your Ethereum account')
    expect(signed.message).toContain('farcaster://fid/4242')

    const { status, body } = await call('/v1/farcaster/connect', { channelToken })
    expect(status).toBe(200)
    const user = body.user as AuthUser
    expect(user).toMatchObject({ provider: 'farcaster', userName: 'alice', email: null })
    expect(await sessionUser(body.token)).toEqual(user)

    // The completed channel is handed out once: a second connect finds nothing.
    expect((await call('/v1/farcaster/connect', { channelToken })).status).toBe(400)
  })

  it('is the same user on the next sign-in of the fid, even after its custody moved', async () => {
    const [first, second] = [generatePrivateKey(), generatePrivateKey()]
    await registerFarcasterUser({ rpcUrl: anvil.url, fid: 77, custody: privateKeyToAccount(first).address })
    const a = await newChannel()
    await signInWithFarcaster({ relayUrl: `${base}/farcaster`, url: a.url, fid: 77, username: 'bob', privateKey: first })
    const one = await call('/v1/farcaster/connect', { channelToken: a.channelToken })

    await registerFarcasterUser({ rpcUrl: anvil.url, fid: 77, custody: privateKeyToAccount(second).address })
    const b = await newChannel()
    await signInWithFarcaster({ relayUrl: `${base}/farcaster`, url: b.url, fid: 77, username: 'bob', privateKey: second })
    const two = await call('/v1/farcaster/connect', { channelToken: b.channelToken })
    expect(two.status).toBe(200)
    expect((two.body.user as AuthUser).id).toBe((one.body.user as AuthUser).id)

    // The old custody key no longer owns fid 77.
    const c = await newChannel()
    await signInWithFarcaster({ relayUrl: `${base}/farcaster`, url: c.url, fid: 77, username: 'bob', privateKey: first })
    expect((await call('/v1/farcaster/connect', { channelToken: c.channelToken })).status).toBe(401)
  })

  it('refuses a message signed by a key that is not the custody address of the fid (401)', async () => {
    await registerFarcasterUser({ rpcUrl: anvil.url, fid: 5150, custody: privateKeyToAccount(generatePrivateKey()).address })
    const { url, channelToken } = await newChannel()
    await signInWithFarcaster({ relayUrl: `${base}/farcaster`, url, fid: 5150, username: 'mallory', privateKey: generatePrivateKey() })
    const { status, body } = await call('/v1/farcaster/connect', { channelToken })
    expect(status).toBe(401)
    expect(body.message).toMatch(/does not own fid 5150/)
  })

  it('answers 408 while the channel is pending, and connects once it completes', async () => {
    const custody = generatePrivateKey()
    await registerFarcasterUser({ rpcUrl: anvil.url, fid: 9001, custody: privateKeyToAccount(custody).address })
    const { url, channelToken } = await newChannel()
    const started = Date.now()
    const pending = await call('/v1/farcaster/connect', { channelToken })
    expect(pending.status).toBe(408)
    expect(pending.body.message).toBe('Farcaster sign-in not completed yet')
    expect(Date.now() - started).toBeGreaterThanOrEqual(900)

    // Signed while connect waits: the waiting call answers.
    const waiting = call('/v1/farcaster/connect', { channelToken })
    await new Promise((resolve) => setTimeout(resolve, 100))
    await signInWithFarcaster({ relayUrl: `${base}/farcaster`, url, fid: 9001, username: 'carol', privateKey: custody })
    const done = await waiting
    expect(done.status).toBe(200)
    expect((done.body.user as AuthUser).userName).toBe('carol')
  })

  it('forgets a channel after 5 minutes', async () => {
    const custody = generatePrivateKey()
    await registerFarcasterUser({ rpcUrl: anvil.url, fid: 600, custody: privateKeyToAccount(custody).address })
    const { url, channelToken } = await newChannel()
    try {
      clockAhead = 5 * 60_000 + 1
      await expect(signInWithFarcaster({ relayUrl: `${base}/farcaster`, url, fid: 600, username: 'olga', privateKey: custody })).rejects.toThrow(/401/)
      const { status, body } = await call('/v1/farcaster/connect', { channelToken })
      expect(status).toBe(400)
      expect(body.message).toBe('Unknown or expired Farcaster channel')
    } finally {
      clockAhead = 0
    }
  })

  it('refuses a channel of another project, unknown channels and unknown projects', async () => {
    const { channelToken } = await newChannel()
    const stranger = await call('/v1/farcaster/connect', { channelToken }, OTHER_PROJECT)
    expect(stranger.status).toBe(400)
    expect(stranger.body.message).toBe('Unknown or expired Farcaster channel')
    expect((await call('/v1/farcaster/connect', { channelToken: randomUUID() })).status).toBe(400)
    expect((await call('/v1/farcaster/connect', {})).status).toBe(400)
    expect((await call('/v1/farcaster/uri', {}, 'no-such-project')).status).toBe(401)
  })
})

describe('the relay', () => {
  it('speaks the hosted relay protocol: 201 on create, 202 pending, 200 once then closed, 401 without the channel token', async () => {
    const relay = `${base}/farcaster/v1`
    const created = await fetch(`${relay}/channel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ siweUri: 'https://example.com/login', domain: 'example.com' }),
    })
    expect(created.status).toBe(201)
    const { channelToken, url, nonce } = (await created.json()) as { channelToken: string; url: string; nonce: string }
    expect(nonce).toMatch(/^[a-zA-Z0-9]{24}$/)
    expect(new URL(url).searchParams.get('nonce')).toBe(nonce)

    const status = () => fetch(`${relay}/channel/status`, { headers: { authorization: `Bearer ${channelToken}` } })
    const first = await status()
    expect(first.status).toBe(202)
    expect(await first.json()).toMatchObject({ state: 'pending', nonce, signatureParams: { domain: 'example.com', nonce } })
    expect((await fetch(`${relay}/channel/status`)).status).toBe(401)

    const custody = generatePrivateKey()
    await signInWithFarcaster({ relayUrl: `${base}/farcaster`, url, fid: 31, username: 'dave', privateKey: custody })
    // A second authenticate does not replace the first.
    await expect(signInWithFarcaster({ relayUrl: `${base}/farcaster`, url, fid: 32, username: 'eve', privateKey: custody })).rejects.toThrow(/409/)
    const done = await status()
    expect(done.status).toBe(200)
    expect(await done.json()).toMatchObject({ state: 'completed', fid: 31, username: 'dave' })
    expect((await status()).status).toBe(401)

    const bad = await fetch(`${relay}/channel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ siweUri: 'https://example.com', domain: 'example.com', extra: 1 }),
    })
    expect(bad.status).toBe(400)
  })
})
